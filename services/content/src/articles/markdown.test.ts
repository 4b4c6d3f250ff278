import { describe, expect, it } from 'vitest';
import { deriveExcerpt, renderMarkdown, sanitizeArticleHtml } from './markdown.ts';

/** Every attribute of every element, as [tag, name, value] (the HTML is sanitizer output: well formed). */
function attributes(html: string): Array<[string, string, string]> {
  const found: Array<[string, string, string]> = [];
  for (const tag of html.matchAll(/<([a-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/gi)) {
    for (const attr of tag[2].matchAll(/([^\s=]+)(?:="([^"]*)")?/g))
      found.push([tag[1], attr[1], attr[2] ?? '']);
  }
  return found;
}
const tags = (html: string) => [...html.matchAll(/<([a-z0-9]+)/gi)].map((m) => m[1].toLowerCase());

describe('renderMarkdown', () => {
  it('renders Markdown: headings, emphasis, lists, code, tables', () => {
    const html = renderMarkdown(
      '## Why\n\nSome **bold** and *soft* words.\n\n- one\n- two\n\n```sh\nffmpeg -i in.mov out.mp4\n```\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n',
    );
    expect(html).toContain('<h2>Why</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<code class="language-sh">ffmpeg -i in.mov out.mp4\n</code>');
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it('shows raw HTML as text: no script element, no event handler', () => {
    const html = renderMarkdown(
      'Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<div onclick="x()">click</div>',
    );
    expect(tags(html)).not.toContain('script');
    expect(tags(html)).not.toContain('img');
    expect(tags(html)).not.toContain('div');
    expect(attributes(html).filter(([, name]) => /^on/i.test(name))).toEqual([]);
    // The text is kept, escaped, so the reader sees what the editor typed.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops javascript:, vbscript: and data: links in every spelling', () => {
    const html = renderMarkdown(
      [
        '[a](javascript:alert(1))',
        '[b](JaVaScRiPt:alert(1))',
        '[c](JAVASCRIPT:alert(1) "title")',
        '[d](&#106;avascript:alert(1))',
        '<javascript:alert(1)>',
        '[e](vbscript:msgbox(1))',
        '[f](data:text/html;base64,PHNjcmlwdD4=)',
        '![g](javascript:alert(1))',
        '[ok](https://example.com/page)',
      ].join('\n\n'),
    );
    const hrefs = attributes(html).filter(([, name]) => name === 'href' || name === 'src');
    expect(hrefs).toEqual([['a', 'href', 'https://example.com/page']]);
    expect(html.toLowerCase()).not.toMatch(/href="\s*(?:javascript|vbscript|data):/);
  });

  it('marks links that leave the site rel="noopener nofollow", and only those', () => {
    const html = renderMarkdown(
      '[out](https://example.com) [proto](//example.com/x) [in](/tool/compress-video) [anchor](#why) <https://example.org>',
    );
    const links = attributes(html).filter(([tag]) => tag === 'a');
    const rel = (href: string) => {
      const index = links.findIndex(([, name, value]) => name === 'href' && value === href);
      const next = links[index + 1];
      return next && next[1] === 'rel' ? next[2] : undefined;
    };
    expect(rel('https://example.com')).toBe('noopener nofollow');
    expect(rel('https://example.org')).toBe('noopener nofollow');
    expect(rel('/tool/compress-video')).toBeUndefined();
    expect(rel('#why')).toBeUndefined();
    // Protocol-relative URLs are not allowed at all (they would inherit any scheme).
    expect(links.some(([, , value]) => value.startsWith('//'))).toBe(false);
  });
});

describe('sanitizeArticleHtml (the second layer, fed hostile HTML directly)', () => {
  it('removes scripts, handlers, frames, forms, styles and unsafe URLs', () => {
    const html = sanitizeArticleHtml(
      [
        '<p onclick="x()">text</p>',
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(1)">',
        '<img src="javascript:alert(1)">',
        '<a href="javascript:alert(1)">js</a>',
        '<a href=" JAVASCRIPT:alert(1)">js2</a>',
        '<a href="https://example.com" rel="opener" target="_blank">ext</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="/x"><input name="a"></form>',
        '<style>body{display:none}</style>',
        '<svg><script>alert(1)</script></svg>',
        '<p style="position:fixed">styled</p>',
      ].join(''),
    );
    expect(tags(html).filter((t) => !['p', 'img', 'a'].includes(t))).toEqual([]);
    const attrs = attributes(html);
    expect(attrs.filter(([, name]) => /^on|^style$|^target$/i.test(name))).toEqual([]);
    expect(attrs.filter(([, , value]) => /javascript:/i.test(value))).toEqual([]);
    expect(attrs).toContainEqual(['a', 'rel', 'noopener nofollow']);
    expect(html).toContain('text');
    expect(html).not.toContain('alert');
  });
});

describe('deriveExcerpt', () => {
  it('takes the first paragraph as plain text, skipping headings, images and code', () => {
    const body =
      '# Title\n\n![cover](/x.png)\n\n```\ncode\n```\n\nShrink a **big** video to [send it](https://x.y) by `email`.\n\nSecond.';
    expect(deriveExcerpt(body)).toBe('Shrink a big video to send it by email.');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const excerpt = deriveExcerpt(`${'word '.repeat(100)}end`, 50);
    expect(excerpt.length).toBeLessThanOrEqual(50);
    expect(excerpt).toMatch(/^word( word)*…$/);
  });

  it('is empty for a body without a paragraph', () => {
    expect(deriveExcerpt('## Only a heading')).toBe('');
  });
});
