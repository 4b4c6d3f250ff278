import type { ShellHost } from '@mediakit/web-ui/contract';
import { useId } from 'react';

/**
 * A secret the server shows once (an API key, a webhook signing secret): the value in a read-only
 * field that selects itself, a Copy button, and Done. Closing it forgets the secret; a lost one can
 * only be replaced.
 */
export function OneTimeSecret(props: {
  host: Pick<ShellHost, 'notify'>;
  title: string;
  /** What to do with it, in a sentence. */
  text: string;
  /** The field's accessible name. */
  label: string;
  secret: string;
  copied: string;
  copyFailed: string;
  onDone: () => void;
}) {
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      props.host.notify.success(props.copied);
    } catch {
      props.host.notify.error(props.copyFailed);
    }
  };
  return (
    <section className="panel notice success new-secret" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <p>{props.text}</p>
      <div className="secret-row">
        <input
          aria-label={props.label}
          readOnly
          value={props.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p>
        <button type="button" className="button" onClick={props.onDone}>
          Done
        </button>
      </p>
    </section>
  );
}
