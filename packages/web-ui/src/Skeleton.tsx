/** A placeholder with the rough height of what is coming, so nothing jumps when it arrives. */
export function Skeleton({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}…</span>
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
        <div key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
