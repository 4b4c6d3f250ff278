/** Time left until `expiresAt`, as a person reads it: "2 days 3 h left", "45 min left", "expired". */
export function timeLeft(expiresAt: string, now: number): { text: string; expired: boolean; soon: boolean } {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return { text: '', expired: false, soon: false };
  const ms = end - now;
  if (ms <= 0) return { text: 'expired', expired: true, soon: true };
  const minutes = Math.ceil(ms / 60_000);
  const soon = minutes <= 60;
  if (minutes < 60) return { text: `${minutes} min left`, expired: false, soon };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return { text: `${hours} h${rest ? ` ${rest} min` : ''} left`, expired: false, soon };
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return {
    text: `${days} day${days === 1 ? '' : 's'}${restHours ? ` ${restHours} h` : ''} left`,
    expired: false,
    soon,
  };
}

/** A media duration: "0:07", "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Date and time in the user's locale, short. */
export const formatDateTime = (iso: string | undefined) =>
  !iso || Number.isNaN(Date.parse(iso))
    ? ''
    : new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
