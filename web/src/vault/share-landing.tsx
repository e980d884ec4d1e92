// /vault/s/{id}: a share link's landing. Loading it consumes nothing (mail scanners and chat previews fetch
// links); only Reveal takes a view, with the verifier the key derives, and decrypts in this browser. A link
// whose key came separately asks for the key first.
import { useEffect, useId, useState } from 'react';
import { callFunction, type CallOutput } from '../api/call-client';
import { fromBase64, openShare, shareKeysFrom, type SecretContent } from './vault-crypto';
import { SecretView, VaultAlert, VaultButton, VaultFrame, VaultLoading } from './vault-ui';
import { problemOf, vaultTexts, type VaultProblem } from './vault-texts';

type Landing = CallOutput<'getVaultLink'>;

/**
 * A sealed file from the bucket, through the reveal's download link (it works for 60 seconds): tried three
 * times, since the view is already taken. No cookies, no referrer, nothing cached.
 */
async function downloadSealed(url: string): Promise<Uint8Array> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await fetch(url, { credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' });
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return new Uint8Array(await answer.arrayBuffer());
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

const dateText = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function viewsText(viewsLeft: number | undefined): string {
  return viewsLeft === 1 || viewsLeft === undefined
    ? 'It can be opened once: after you reveal it, it is gone from the server.'
    : `It can be opened ${viewsLeft} more times; revealing it uses one.`;
}

export function ShareLanding({ linkId, initialKey }: { linkId: string; initialKey: string | undefined }) {
  const [key, setKey] = useState(initialKey);
  const [typedKey, setTypedKey] = useState('');
  const [landing, setLanding] = useState<Landing | undefined>();
  const [problem, setProblem] = useState<VaultProblem | undefined>();
  const [revealing, setRevealing] = useState(false);
  const [content, setContent] = useState<SecretContent | undefined>();
  const [viewsLeft, setViewsLeft] = useState<number | undefined>();
  const keyFieldId = useId();

  useEffect(() => {
    let live = true;
    callFunction('getVaultLink', { linkId })
      .then((answer) => {
        if (!live) return;
        if (answer.kind !== 'share') setProblem('gone');
        else if (!answer.available) setProblem(answer.status === 'waiting' ? 'expired' : answer.status);
        setLanding(answer);
      })
      .catch((error: unknown) => live && setProblem(problemOf(error)));
    return () => {
      live = false;
    };
  }, [linkId]);

  const reveal = async () => {
    if (!key) return;
    setRevealing(true);
    try {
      let keys;
      try {
        keys = await shareKeysFrom(key);
      } catch {
        setProblem('broken');
        return;
      }
      for (let attempt = 0; ; attempt += 1) {
        try {
          const answer = await callFunction('claimVaultLink', { linkId, verifier: keys.verifier });
          let sealed: Uint8Array;
          try {
            sealed = answer.download ? await downloadSealed(answer.download.url) : fromBase64(answer.ciphertext ?? '');
          } catch {
            setProblem('download');
            return;
          }
          setContent(await openShare(keys, sealed));
          setViewsLeft(answer.viewsLeft);
          return;
        } catch (error) {
          const found = problemOf(error);
          // A view taken by another opener at the same moment: the link may have more.
          if (found === 'busy' && attempt < 3) continue;
          setProblem(found);
          return;
        }
      }
    } finally {
      setRevealing(false);
    }
  };

  if (content) {
    return (
      <VaultFrame title="Your secret" description="Decrypted in this browser.">
        <SecretView content={content} />
        <VaultAlert type="info">
          {viewsLeft === 0
            ? 'This secret is now gone from the server: this link will not open it again. Keep it somewhere safe, then close this page.'
            : `This link can be opened ${viewsLeft} more ${viewsLeft === 1 ? 'time' : 'times'}.`}
        </VaultAlert>
      </VaultFrame>
    );
  }
  if (problem) {
    return (
      <VaultFrame title={problem === 'broken' ? 'This link is broken' : 'This secret cannot be opened'}>
        <VaultAlert type={problem === 'opened' || problem === 'broken' ? 'warning' : 'error'}>
          <span data-testid="vault-problem">{vaultTexts[problem]}</span>
        </VaultAlert>
      </VaultFrame>
    );
  }
  if (!landing) {
    return (
      <VaultFrame title="Someone shared a secret with you">
        <VaultLoading>Looking up the link…</VaultLoading>
      </VaultFrame>
    );
  }
  if (!key) {
    return (
      <VaultFrame
        title="Someone shared a secret with you"
        description="This link came without its key. If the sender gave you the key separately, paste it here."
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setKey(typedKey.trim().replace(/^k=/, ''));
          }}
        >
          <div className="vault__stack">
            <label className="vault__label" htmlFor={keyFieldId}>
              Key
            </label>
            <input
              id={keyFieldId}
              className="vault__input"
              value={typedKey}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTypedKey(event.target.value)}
            />
            <VaultButton primary type="submit" disabled={typedKey.trim() === ''}>
              Use this key
            </VaultButton>
          </div>
        </form>
      </VaultFrame>
    );
  }
  return (
    <VaultFrame title="Someone shared a secret with you" description="It is encrypted: only this link can open it.">
      <p>
        {viewsText(landing.viewsLeft)} The link expires {dateText(landing.expiresAt)}.
      </p>
      <p>Reveal it when you are ready to store it somewhere safe.</p>
      <div>
        <VaultButton primary loading={revealing} onClick={() => void reveal()}>
          Reveal secret
        </VaultButton>
      </div>
    </VaultFrame>
  );
}
