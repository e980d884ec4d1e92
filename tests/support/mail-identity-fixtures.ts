// Sending identities and mail settings for tests (through the kernel, as the calls do).
import { getMailSettingsRecord } from '../../lambdas/kernel/data/entities/mail-settings.js';
import { createMailIdentity } from '../../lambdas/kernel/mail/mail-identities.js';

export async function seedMailIdentity(identity: string): Promise<string> {
  await createMailIdentity(identity);
  return identity;
}

/** An updateMailSettings input that keeps what is stored (other suites share the settings), on its version. */
export async function unchangedMailSettings() {
  const current = await getMailSettingsRecord();
  return {
    version: current.version,
    senders: current.senders,
    ...(current.providerSecretRef ? { providerSecretRef: current.providerSecretRef } : {}),
  };
}
