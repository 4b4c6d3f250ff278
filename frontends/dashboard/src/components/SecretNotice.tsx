import { useState } from 'react';

/**
 * A signing secret the server shows once: the value, a Copy button, and a plain warning. Closing
 * it forgets the secret; a lost one can only be replaced (rotate).
 */
export function SecretNotice(props: {
  title: string;
  secret: string;
  onCopied: () => void;
  onDone: () => void;
}) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopyFailed(false);
      props.onCopied();
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <section className="panel secret-notice" aria-labelledby="secret-notice-title" role="status">
      <h2 id="secret-notice-title">{props.title}</h2>
      <p>Copy it now and keep it with your receiver: it is not shown again.</p>
      <p className="secret-value">
        <code>{props.secret}</code>
      </p>
      {copyFailed && (
        <p className="field-error">Copying did not work here: select the secret and copy it by hand.</p>
      )}
      <div className="button-row">
        <button type="button" className="button primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="button" onClick={props.onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
