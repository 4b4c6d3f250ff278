/** "at 14:05 (in 58 minutes)": when the files of a page are deleted, for the privacy note. */
export function describeExpiry(expiresAt: string, now = Date.now()): string | undefined {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return undefined;
  const minutes = Math.max(0, Math.round((at - now) / 60_000));
  const time = new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit' });
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const when = sameDay
    ? `at ${time}`
    : `on ${new Date(at).toLocaleDateString('en', { dateStyle: 'medium' })} at ${time}`;
  const left =
    minutes < 60
      ? `in ${minutes} minute${minutes === 1 ? '' : 's'}`
      : minutes < 48 * 60
        ? `in about ${Math.round(minutes / 60)} hour${Math.round(minutes / 60) === 1 ? '' : 's'}`
        : `in ${Math.round(minutes / 1440)} days`;
  return `${when} (${left})`;
}

/** The earliest expiry of some files. */
export const earliest = (dates: (string | undefined)[]) =>
  dates.filter((d): d is string => Boolean(d)).sort((a, b) => Date.parse(a) - Date.parse(b))[0];
