/** Shown inside the layout when a remote cannot be loaded or crashes: never a blank page. */
export function RemoteErrorPanel({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <section className="panel remote-error" role="alert" aria-labelledby="remote-error-title">
      <h1 id="remote-error-title">This part of Mediakit did not load</h1>
      <p>
        We could not reach it just now. Check your connection and try again; the rest of the site still works.
      </p>
      <button type="button" className="button primary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </button>
    </section>
  );
}
