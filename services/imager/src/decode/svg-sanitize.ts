/**
 * SVG safety: what librsvg is allowed to see.
 *
 * An SVG is a program's input, not a picture: it can name files and URLs to load (images, fonts,
 * style sheets, XInclude), declare entities that expand a kilobyte into gigabytes, and carry
 * scripts. Rendering happens on our servers, so an upload must not make them fetch anything, read
 * a file, or burn memory on entity expansion.
 *
 * The file is parsed with saxes (the strict, namespace-aware XML parser used by jsdom), checked, and
 * then re-serialised from the parse: librsvg only ever receives the document as we understood it,
 * so no difference between two XML parsers can smuggle anything through. Policy:
 *
 * - EXPANDED: internal entities declared in the DOCTYPE (older Illustrator exports), bounded in
 *   number and size; parameter and external entities are refused (svg-entities.ts).
 * - REFUSED (the job fails, naming the file and the reason):
 *   - any `href`/`xlink:href`/`src` (in any namespace) that is not a same-document reference
 *     (`#id`) or an inline `data:image/(png|jpeg|gif|webp);base64,` image;
 *   - any CSS `url(…)` (in a `style` attribute, a presentation attribute or a <style> element,
 *     after resolving CSS escapes) with such a target, and any `@import`;
 *   - an `<?xml-stylesheet?>` processing instruction and XInclude (`xi:include`);
 *   - `<script>`, `<foreignObject>` and event-handler attributes (`onload`, `onclick`, ...):
 *     refused rather than stripped, so nobody gets a silently different picture;
 *   - an `@import` other than of a web-font service's style sheet;
 *   - an embedded data: image over the pixel limit (a decompression bomb inside the vector).
 * - DROPPED (they cannot change the rendering): comments, other processing instructions, a DOCTYPE
 *   without internal subset (Illustrator's standard SVG 1.1 DTD line), elements of foreign
 *   namespaces (editor metadata: RDF, Inkscape, Sodipodi), `xml:base`, and the `href` of `<a>`
 *   (a link is never followed when rendering a picture), `@font-face` rules and web-font `@import`s
 *   (librsvg loads no web fonts: text falls back to an installed font, as it would anyway), and a
 *   `<foreignObject>` with `requiredExtensions` (Illustrator's private data inside a `<switch>`, which
 *   no renderer shows: the switch's next child is drawn).
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import sharp from 'sharp';
import { UnreadableInput } from './raw-image.ts';
import { boundedEntityTable, readInternalSubset } from './svg-entities.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XINCLUDE_NS = 'http://www.w3.org/2001/XInclude';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** What an inline image may be: the raster formats librsvg decodes, base64-encoded. */
const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/=\s]*)$/i;

const refuse = (reason: string) => new UnreadableInput(reason);

/** Quote a value in a message, shortened: messages are shown to people, not dumps. */
function quoted(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `“${flat.slice(0, 77)}…”` : `“${flat}”`;
}

/**
 * What a refused reference points at, in words: "a web address (http:)", "another file (logo.png)".
 * The reference itself is not quoted: a message never repeats an address or a server path.
 */
function resourceKind(value: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https' || scheme === 'ftp') return `a web address (${scheme}:)`;
  if (scheme === 'file') return 'a file on the computer that renders it (file:)';
  if (scheme === 'data') return 'embedded data of a type other than PNG, JPEG, GIF or WebP';
  if (scheme) return `a ${scheme}: address`;
  const name = value.split(/[\\/]/).pop()?.split(/[?#]/)[0] ?? '';
  return /^[\w.-]{1,60}$/.test(name) ? `another file (${name})` : 'another file';
}

export interface SanitizedSvg {
  /** The re-serialised document, UTF-8, without prolog. */
  svg: string;
  /** Inline images (decoded), for the pixel-limit check. */
  images: Buffer[];
}

/** Parses, checks and re-serialises; throws UnreadableInput with the reason when refused. */
export function sanitizeSvg(bytes: Buffer): SanitizedSvg {
  const text = decodeText(bytes);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const out: string[] = [];
  const images: Buffer[] = [];
  /** Open elements: whether each is emitted, and whether it is an SVG <style>. */
  const stack: { emitted: boolean; style: boolean; name: string }[] = [];
  let skipping = 0; // depth inside a dropped foreign-namespace subtree
  let style: string[] | undefined;

  const checkUrlTarget = (target: string) => {
    const value = target.trim();
    if (value.startsWith('#')) return value;
    const data = DATA_IMAGE.exec(value);
    if (data) {
      images.push(Buffer.from(data[2].replace(/\s+/g, ''), 'base64'));
      return value;
    }
    throw refuse(
      `it loads an outside resource (${resourceKind(value)}); only images embedded as data: URIs and references inside the file are allowed`,
    );
  };
  /** `sheet`: a <style> element's text, where an @import could be; otherwise a property value. */
  const checkCss = (css: string, sheet = false) => {
    const plain = unescapeCss(css).replace(/\/\*[\s\S]*?\*\//g, '');
    if (sheet && /@import/i.test(plain)) throw refuse('its CSS imports another style sheet (@import)');
    for (const m of plain.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi)) {
      checkUrlTarget(m[1] ?? m[2] ?? m[3] ?? '');
    }
    // A url( that the pattern above could not close is not a URL we checked.
    const opened = plain.match(/url\(/gi)?.length ?? 0;
    const closed = [...plain.matchAll(/url\(\s*(?:"[^"]*"|'[^']*'|[^)]*)\s*\)/gi)].length;
    if (opened !== closed) throw refuse('its CSS has a url( that does not close');
  };

  parser.on('doctype', (doctype) => {
    const entities = readInternalSubset(doctype);
    if (entities.size > 0) parser.ENTITIES = boundedEntityTable(entities, parser.ENTITIES);
  });
  parser.on('processinginstruction', (pi) => {
    if (pi.target.toLowerCase() === 'xml-stylesheet') {
      throw refuse('it links an outside style sheet (<?xml-stylesheet?>)');
    }
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const inSvg = tag.uri === SVG_NS || tag.uri === '';
    if (tag.uri === XINCLUDE_NS) throw refuse('it includes other files (XInclude)');
    if (skipping || !inSvg) {
      skipping++;
      stack.push({ emitted: false, style: false, name: tag.name });
      return;
    }
    if (tag.local === 'script') throw refuse('it contains a <script> element, which we do not accept');
    if (tag.local === 'foreignObject' && tag.attributes.requiredExtensions?.value.trim()) {
      // Only drawn by a renderer that has the named extension: none has Illustrator's.
      skipping++;
      stack.push({ emitted: false, style: false, name: tag.name });
      return;
    }
    if (tag.local === 'foreignObject') {
      throw refuse('it contains a <foreignObject> element (embedded HTML), which we do not accept');
    }
    const attrs: string[] = [];
    for (const attr of Object.values(tag.attributes)) {
      const { local, uri, name, value } = attr;
      if (/^on/i.test(local) && uri !== 'http://www.w3.org/2000/xmlns/' && attr.prefix !== 'xmlns') {
        throw refuse(`it has an event handler attribute (${name}), which we do not accept`);
      }
      if (uri === XML_NS && local === 'base') continue;
      let emitted = value;
      if (local === 'href' || local === 'src') {
        if (tag.local === 'a' && local === 'href') continue;
        emitted = checkUrlTarget(value);
      } else if (attr.prefix !== 'xmlns' && name !== 'xmlns') {
        checkCss(value);
      }
      attrs.push(` ${name}="${escapeXml(emitted, true)}"`);
    }
    const isStyle = tag.local === 'style';
    if (isStyle) style = [];
    stack.push({ emitted: true, style: isStyle, name: tag.name });
    out.push(`<${tag.name}${attrs.join('')}>`);
  });
  const onText = (chunk: string) => {
    if (skipping) return;
    // A style sheet is emitted when it closes, once its web fonts are dropped and the rest checked.
    if (style) style.push(chunk);
    else out.push(escapeXml(chunk, false));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const open = stack.pop();
    if (!open) return;
    if (!open.emitted) {
      skipping--;
      return;
    }
    if (open.style && style) {
      const sheet = withoutWebFonts(style.join(''));
      checkCss(sheet, true);
      out.push(escapeXml(sheet, false));
      style = undefined;
    }
    out.push(`</${open.name}>`);
  });
  parser.on('error', (error) => {
    // saxes says "1:49: undefined entity."; people read "line 1, column 49: undefined entity".
    const where = /^(?:.*?:)?(\d+):(\d+): (.*?)\.?$/.exec(error.message);
    const detail = where ? `line ${where[1]}, column ${where[2]}: ${where[3]}` : error.message;
    throw refuse(`it is not well-formed XML (${detail})`);
  });

  parser.write(text).close();
  const svg = out.join('');
  if (!svg.trim()) throw refuse('it has no SVG content');
  return { svg, images };
}

/** Where a web-font style sheet comes from: importing one only names fonts. */
const FONT_SERVICE =
  /^\s*(?:url\(\s*)?["']?(?:https?:)?\/\/(?:fonts\.googleapis\.com|fonts\.bunny\.net|use\.typekit\.net|p\.typekit\.net|use\.fontawesome\.com)\//i;

/**
 * Drops `@font-face` rules and `@import`s of web-font services from a style sheet. librsvg loads no
 * web fonts, so this changes nothing drawn; what remains is checked as before (a rule spelled with
 * escapes to dodge this is still refused by that check).
 */
export function withoutWebFonts(sheet: string): string {
  let out = sheet.replace(/@import\s+([^;]*);?/gi, (rule, target: string) =>
    FONT_SERVICE.test(target) ? '' : rule,
  );
  for (let at = out.search(/@font-face\b/i); at >= 0; at = out.search(/@font-face\b/i)) {
    const open = out.indexOf('{', at);
    const close = open < 0 ? -1 : out.indexOf('}', open);
    // An unclosed rule runs to the end of the sheet, as in a browser.
    out = out.slice(0, at) + (close < 0 ? '' : out.slice(close + 1));
  }
  return out;
}

/** Refuses inline images that would decode to more pixels than the limit (checked from their headers). */
export async function checkInlineImages(images: Buffer[], limitInputPixels: number): Promise<void> {
  for (const image of images) {
    const meta = await sharp(image, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height)
      throw refuse('it embeds an image that is damaged or of an unknown type');
    if (meta.width * meta.height * (meta.pages ?? 1) > limitInputPixels) {
      throw refuse(`it embeds an image of more than ${limitInputPixels / 1_000_000} megapixels`);
    }
  }
}

/** Bytes → text: UTF-8 (with or without BOM) or UTF-16 with a BOM, or the declared 8-bit encoding. */
function decodeText(bytes: Buffer): string {
  const decode = (label: string, from = 0) => {
    try {
      return new TextDecoder(label, { fatal: true }).decode(bytes.subarray(from));
    } catch {
      throw refuse(`its text is not valid ${label.toUpperCase()}`);
    }
  };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', 2);
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    bytes.toString('latin1', 0, 200),
  )?.[1];
  if (!declared || /^(utf-?8|us-ascii|ascii)$/i.test(declared)) return decode('utf-8');
  let label: string;
  try {
    label = new TextDecoder(declared).encoding;
  } catch {
    throw refuse(`its text encoding ${quoted(declared)} is unknown`);
  }
  // saxes reads the declaration again; the re-serialised output has none, so it will be UTF-8.
  return decode(label);
}

/** Resolves CSS escapes (`\75 rl(` is `url(`), so no spelling of url() or @import slips past. */
export function unescapeCss(css: string): string {
  return css.replace(
    /\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g,
    (_, hex: string | undefined, char: string | undefined) => {
      if (hex) {
        const code = Number.parseInt(hex, 16);
        return code === 0 || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
      }
      // A backslash before a newline is a line continuation inside strings: it vanishes.
      return char === '\n' ? '' : (char ?? '');
    },
  );
}

function escapeXml(text: string, attribute: boolean): string {
  let out = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (attribute)
    out = out.replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
  return out;
}
