import type { RunState } from './use-job.ts';

/** Queue position, then the percent from the event stream, and the cancel button. */
export function RunProgress({ state, onCancel }: { state: RunState; onCancel(): void }) {
  if (state.phase === 'submitting') {
    return (
      <div className="run-progress" role="status">
        <p>Starting…</p>
      </div>
    );
  }
  if (state.phase !== 'running') return null;
  const queued = state.status === 'queued';
  const text = queued
    ? state.queuePosition && state.queuePosition > 0
      ? `Waiting in the queue: position ${state.queuePosition}.`
      : 'Waiting for a free worker…'
    : `Working… ${state.progress}%`;
  return (
    <div className="run-progress" data-status={state.status}>
      <progress max={100} value={queued ? undefined : state.progress} aria-label="Progress of the job" />
      <p role="status" aria-live="polite" className="run-status">
        {state.canceling ? 'Canceling…' : text}
      </p>
      <button type="button" className="button" onClick={onCancel} disabled={state.canceling}>
        Cancel
      </button>
    </div>
  );
}
