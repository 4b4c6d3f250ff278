import { open } from 'node:fs/promises';

/** SVG roots found after this many bytes of prolog are not worth the read. */
export const SVG_SNIFF_BYTES = 64 * 1024;

/**
 * True when the text's root element is <svg>, after an optional BOM, XML declaration,
 * processing instructions, comments and DOCTYPE (with or without an internal subset).
 * file-type only detects binary formats, so SVG needs this. Anything with a NUL byte is binary.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return false;
      i = end + 3;
    } else if (text.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      const end = doctypeEnd(text, i + 9);
      if (end < 0) return false;
      i = end + 1;
    } else {
      break;
    }
  }
  // The root may carry a namespace prefix (<svg:svg xmlns:svg=...>).
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(i, i + 64));
}

/** Index of the '>' closing a DOCTYPE, skipping an internal subset in [...] and quoted strings. */
function doctypeEnd(text: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth <= 0) return i;
  }
  return -1;
}

export async function isSvgFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(SVG_SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return bytesRead > 0 && looksLikeSvg(buf.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
