/**
 * A pasted link as the import takes it: trimmed, and `https://` in front when the scheme was left
 * out ("example.com/a.jpg", as people copy it from an address bar). Empty when nothing was pasted.
 */
export function normaliseLink(text: string): string {
  const link = text.trim();
  if (!link) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link}`;
}

/** What a link's card is called until the server names the file: its last path segment, else its host. */
export function nameOfLink(link: string): string {
  try {
    const url = new URL(link);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url.host;
  } catch {
    return link;
  }
}
