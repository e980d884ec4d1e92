// The local sending identity: the domain of MAIL_FROM (portal.local), verified by the local SES identity route,
// so /admin/keys_email starts with the identity every mail is sent from.
import { readConfig } from '../../lambdas/kernel/config.js';
import { createMailIdentity, findMailIdentity } from '../../lambdas/kernel/mail/mail-identities.js';

export async function seedDemoMailIdentity(): Promise<void> {
  const from = readConfig().MAIL_FROM;
  const domain = from.slice(from.lastIndexOf('@') + 1);
  if (!(await findMailIdentity(domain))) await createMailIdentity(domain);
}
