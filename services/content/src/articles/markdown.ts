import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Article bodies are Markdown written by editors and shown to everyone, so the HTML they become
 * must be safe even if an editor account is stolen: markdown-it runs with raw HTML off (a `<script>`
 * in the body is shown as text), and its output goes through sanitize-html with an allowlist of the
 * tags Markdown produces, http(s)/mailto links only, and `rel="noopener nofollow"` on links that
 * leave the site. Two layers, so a bug in one is not a hole.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const EXTERNAL = /^(?:https?:)?\/\//i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    code: ['class'],
    th: ['style'],
    td: ['style'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  // Table column alignment is the only style Markdown writes.
  allowedStyles: { '*': { 'text-align': [/^(?:left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes = { ...attribs };
      // Links to other sites must not pass on authority (nofollow) or a handle to this page (noopener).
      if (attributes.href && EXTERNAL.test(attributes.href.trim())) attributes.rel = 'noopener nofollow';
      else delete attributes.rel;
      return { tagName, attribs: attributes };
    },
  },
};

/** Sanitized HTML of an article body. */
export function renderMarkdown(body: string): string {
  return sanitizeArticleHtml(markdown.render(body));
}

/** The allowlist sanitizer on its own (exported so tests can feed it hostile HTML directly). */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

export const EXCERPT_MAX = 240;

/**
 * Plain text of the body's first paragraph, cut at a word boundary: the excerpt when an editor
 * gives none. Headings, code blocks and images are skipped; inline Markdown is reduced to its text.
 */
export function deriveExcerpt(body: string, max = EXCERPT_MAX): string {
  const tokens = markdown.parse(body, {});
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i].type !== 'paragraph_open') continue;
    const inline = tokens[i + 1];
    const text = (inline.children ?? [])
      .map((child) =>
        child.type === 'text' || child.type === 'code_inline'
          ? child.content
          : child.type === 'softbreak' || child.type === 'hardbreak'
            ? ' '
            : '',
      )
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return truncate(text, max);
  }
  return '';
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
