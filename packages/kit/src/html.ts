/** Text made safe inside HTML, in an element or a quoted attribute: the five characters HTML gives meaning. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * A whole server-rendered page (the auth service's sign-in pages, the gateway's dev mailbox and
 * placeholder): the doctype, language, viewport and, unless `indexable`, a noindex for search
 * engines around the caller's head elements and body. `title` is text; `head` and `body` are HTML.
 */
export function htmlDocument(page: {
  title: string;
  head?: string;
  body: string;
  indexable?: boolean;
}): string {
  const robots = page.indexable ? '' : '\n<meta name="robots" content="noindex">';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${robots}
<title>${escapeHtml(page.title)}</title>${page.head ? `\n${page.head}` : ''}
</head>
<body>
${page.body}
</body>
</html>
`;
}
