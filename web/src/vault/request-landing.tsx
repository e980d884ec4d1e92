// /vault/r/{id}: a request link. The person asked types or picks the secret; this browser encrypts it to the
// analyst's public key, after checking that the key the server gives matches the fingerprint in the link
// (a swapped key is refused, and nothing is sent). One answer per request.
import { useEffect, useState } from 'react';
import { callFunction, type CallOutput } from '../api/call-client';
import { FingerprintMismatchError, sealToRequest, toBase64 } from './vault-crypto';
import { contentOf, draftProblem, emptyDraft, type SecretDraft } from './secret-draft';
import { SecretInput, VaultAlert, VaultButton, VaultFrame, VaultLoading } from './vault-ui';
import { problemOf, vaultTexts, type VaultProblem } from './vault-texts';

type Landing = CallOutput<'getVaultLink'>;

const mismatchText =
  'The key the server gave for this request does not match the link, so nothing was sent. Ask the analyst for a new link.';

export function RequestLanding({ linkId, fingerprint }: { linkId: string; fingerprint: string | undefined }) {
  const [landing, setLanding] = useState<Landing | undefined>();
  const [problem, setProblem] = useState<VaultProblem | undefined>(
    fingerprint && /^[A-Za-z0-9_-]{22}$/.test(fingerprint) ? undefined : 'broken',
  );
  const [draft, setDraft] = useState<SecretDraft>(emptyDraft);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (problem === 'broken') return;
    let live = true;
    callFunction('getVaultLink', { linkId })
      .then((answer) => {
        if (!live) return;
        if (answer.kind !== 'request') setProblem('gone');
        else if (!answer.available) setProblem(answer.status === 'waiting' ? 'expired' : answer.status);
        setLanding(answer);
      })
      .catch((error: unknown) => live && setProblem(problemOf(error)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [linkId]);

  const send = async () => {
    const wrong = draftProblem(draft);
    setFieldError(wrong);
    if (wrong || !landing?.publicKey || !fingerprint) return;
    setSending(true);
    setSendError(undefined);
    try {
      const reply = await sealToRequest(linkId, landing.publicKey, fingerprint, await contentOf(draft));
      await callFunction('fulfilVaultRequest', {
        linkId,
        ephemeralPublicKey: reply.ephemeralPublicKey,
        ciphertext: toBase64(reply.ciphertext),
      });
      setSent(true);
    } catch (error) {
      if (error instanceof FingerprintMismatchError) setSendError(mismatchText);
      else {
        const found = problemOf(error);
        if (found === 'failed' || found === 'throttled') setSendError(vaultTexts[found]);
        else setProblem(found);
      }
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <VaultFrame title="Sent">
        <VaultAlert type="success">
          Your answer was encrypted in this browser and sent. Only the analyst who asked can open it. You can close this
          page.
        </VaultAlert>
      </VaultFrame>
    );
  }
  if (problem) {
    return (
      <VaultFrame title={problem === 'broken' ? 'This link is broken' : 'This request cannot be answered'}>
        <VaultAlert type={problem === 'broken' ? 'warning' : 'error'}>
          <span data-testid="vault-problem">
            {problem === 'broken'
              ? 'This link is broken: part of it is missing or damaged. Check that you copied the whole link.'
              : vaultTexts[problem]}
          </span>
        </VaultAlert>
      </VaultFrame>
    );
  }
  if (!landing) {
    return (
      <VaultFrame title="A secret is requested from you">
        <VaultLoading>Looking up the request…</VaultLoading>
      </VaultFrame>
    );
  }
  return (
    <VaultFrame
      title="A secret is requested from you"
      description="What you send is encrypted in this browser to the key of the analyst who asked."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        noValidate
      >
        <div className="vault__stack">
          <p>
            <span className="vault__label">The request</span>
            <br />
            <span data-testid="vault-request-label">{landing.label}</span>
          </p>
          <SecretInput draft={draft} onChange={setDraft} error={fieldError} disabled={sending} />
          {sendError ? <VaultAlert type="error">{sendError}</VaultAlert> : null}
          <VaultButton primary type="submit" loading={sending}>
            Encrypt and send
          </VaultButton>
        </div>
      </form>
    </VaultFrame>
  );
}
