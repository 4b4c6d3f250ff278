/** A labelled progress bar (0–100); without a value it shows that work is waiting. */
export function ProgressBar({ value, label }: { value?: number; label: string }) {
  const pct = value === undefined ? undefined : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress">
      <progress max={100} value={pct} aria-label={label} />
      <span className="progress-value">{pct === undefined ? '' : `${pct}%`}</span>
    </div>
  );
}
