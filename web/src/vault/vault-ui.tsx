// The vault page's few controls, in plain HTML with vault.css: the page is for anyone holding a link, must stay
// under 120 KB of JavaScript (gzipped) and load nothing of the signed-in app, and Cloudscape's shared
// internals alone would take most of that. The look follows Cloudscape's (its fonts and colours).
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { branding } from '../config/branding';
import { fileObjectUrl, type SecretDraft } from './secret-draft';
import { maxSecretBytes, sizeText } from './secret-limits';
import type { SecretContent } from './vault-crypto';

export function VaultFrame({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <main className="vault">
      <div className="vault__panel">
        <p className="vault__product">{branding.productName} vault</p>
        <section className="vault__card" aria-labelledby="vault-title">
          <h1 id="vault-title" className="vault__title">
            {title}
          </h1>
          {description ? <p className="vault__description">{description}</p> : null}
          <div className="vault__body">{children}</div>
        </section>
      </div>
    </main>
  );
}

export function VaultButton({
  children,
  onClick,
  loading,
  disabled,
  primary,
  type = 'button',
}: {
  children: ReactNode;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  primary?: boolean;
  type?: 'button' | 'submit';
}) {
  return (
    <button
      type={type}
      className={`vault__button${primary ? ' vault__button--primary' : ''}`}
      onClick={onClick}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <span className="vault__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

export function VaultAlert({
  type,
  children,
}: {
  type: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
}) {
  return (
    <div
      className={`vault__alert vault__alert--${type}`}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}

export function VaultLoading({ children }: { children: ReactNode }) {
  return (
    <p className="vault__loading" role="status">
      <span className="vault__spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/** A button that copies a text, and says so. */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="vault__copy">
      <VaultButton onClick={copy}>{label}</VaultButton>
      <span role="status" className="vault__hint">
        {state === 'copied'
          ? done
          : state === 'failed'
            ? 'It could not be copied: select it and copy it yourself.'
            : ''}
      </span>
    </span>
  );
}

/** A decrypted secret: its text with a copy button, or its file to save. */
export function SecretView({ content }: { content: SecretContent }) {
  const id = useId();
  const fileUrl = useMemo(() => (content.kind === 'file' ? fileObjectUrl(content) : undefined), [content]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);
  if (content.kind === 'text') {
    return (
      <div className="vault__stack">
        <label className="vault__label" htmlFor={id}>
          Secret
        </label>
        <textarea
          id={id}
          className="vault__textarea"
          readOnly
          value={content.text}
          rows={Math.min(12, Math.max(3, content.text.split('\n').length))}
          spellCheck={false}
        />
        <CopyButton text={content.text} label="Copy secret" done="Secret copied" />
      </div>
    );
  }
  return (
    <div className="vault__stack">
      <p>
        <span className="vault__label">File</span>
        <br />
        <span data-testid="secret-file-name">{content.name}</span> ({sizeText(content.bytes.byteLength)})
      </p>
      <a className="vault__button vault__button--primary" href={fileUrl} download={content.name}>
        Save file
      </a>
    </div>
  );
}

/** The secret to send: a text, or one file. */
export function SecretInput({
  draft,
  onChange,
  error,
  disabled,
}: {
  draft: SecretDraft;
  onChange: (draft: SecretDraft) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="vault__stack">
      <div className="vault__segments" role="radiogroup" aria-label="What to send">
        {(['text', 'file'] as const).map((kind) => (
          <label key={kind} className={`vault__segment${draft.kind === kind ? ' vault__segment--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-kind`}
              checked={draft.kind === kind}
              disabled={disabled}
              onChange={() =>
                onChange(kind === 'file' ? { kind: 'file', file: undefined } : { kind: 'text', text: '' })
              }
            />
            {kind === 'text' ? 'Text' : 'File'}
          </label>
        ))}
      </div>
      {draft.kind === 'text' ? (
        <>
          <label className="vault__label" htmlFor={id}>
            Secret
          </label>
          <span className="vault__hint">Only this browser sees it unencrypted.</span>
          <textarea
            id={id}
            className="vault__textarea"
            rows={6}
            value={draft.text}
            disabled={disabled}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
          />
        </>
      ) : (
        <>
          <label className="vault__label" htmlFor={id}>
            File
          </label>
          <span className="vault__hint">{`One file, at most ${sizeText(maxSecretBytes)}. Its name is encrypted with it.`}</span>
          <input
            id={id}
            type="file"
            className="vault__file"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange({ kind: 'file', file: event.target.files?.[0] })}
          />
        </>
      )}
      {error ? (
        <span id={`${id}-error`} className="vault__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
