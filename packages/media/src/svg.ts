import { open } from 'node:fs/promises';
import type { Size } from './image-headers.ts';

/** SVG roots found after this many bytes of prolog are not worth the read. */
export const SVG_SNIFF_BYTES = 64 * 1024;

/**
 * True when the text's root element is <svg>, after an optional BOM, XML declaration,
 * processing instructions, comments and DOCTYPE (with or without an internal subset).
 * file-type only detects binary formats, so SVG needs this. Anything with a NUL byte is binary.
 */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  return svgRoot(bytes) !== undefined;
}

/** The text and the index of its root element's "<", when that root is <svg>. */
function svgRoot(bytes: Uint8Array): { text: string; at: number } | undefined {
  if (bytes.includes(0)) return undefined;
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return undefined;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return undefined;
      i = end + 3;
    } else if (text.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      const end = doctypeEnd(text, i + 9);
      if (end < 0) return undefined;
      i = end + 1;
    } else {
      break;
    }
  }
  // The root may carry a namespace prefix (<svg:svg xmlns:svg=...>).
  return /^<(?:[A-Za-z_][\w.-]*:)?svg[\s/>]/.test(text.slice(i, i + 64)) ? { text, at: i } : undefined;
}

/**
 * The size an SVG renders at, from its root element's width, height and viewBox, the way librsvg
 * (through sharp, at its default 72 DPI) sizes it: absolute units converted at 72 DPI, em and ex at
 * librsvg's default 12 px font, a percentage or a missing side taken from the viewBox. Undefined when
 * only the drawing's own extent could say (no viewBox and a side missing), or when it is under a pixel.
 */
export function svgSize(bytes: Uint8Array): Size | undefined {
  const root = svgRoot(bytes);
  if (!root) return undefined;
  const attrs = startTagAttributes(root.text, root.at);
  if (!attrs) return undefined;
  const width = svgLength(attrs.get('width'));
  const height = svgLength(attrs.get('height'));
  const box = viewBox(attrs.get('viewBox'));
  let size: { width: number; height: number } | undefined;
  if (width !== undefined && height !== undefined) size = { width, height };
  else if (box && width !== undefined) size = { width, height: (width * box.height) / box.width };
  else if (box && height !== undefined) size = { width: (height * box.width) / box.height, height };
  else if (box) size = box;
  if (!size) return undefined;
  const rounded = { width: Math.round(size.width), height: Math.round(size.height) };
  return rounded.width >= 1 && rounded.height >= 1 ? rounded : undefined;
}

/** Pixels per unit at 72 DPI, librsvg's 12 px default font for em (ex is half of it). */
const PX_PER_UNIT: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 1,
  pc: 12,
  in: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
  em: 12,
  ex: 6,
};

function svgLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-zA-Z%]*)\s*$/.exec(value);
  if (!match) return undefined;
  const perUnit = PX_PER_UNIT[match[2].toLowerCase()];
  const px = Number(match[1]) * (perUnit ?? Number.NaN);
  // Percentages (of a viewport that a standalone file does not have) and unknown units: not a size.
  return Number.isFinite(px) && px > 0 ? px : undefined;
}

function viewBox(value: string | undefined): { width: number; height: number } | undefined {
  if (value === undefined) return undefined;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return undefined;
  const [, , width, height] = parts;
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** The attributes of the start tag at `at` (which is its "<"), or undefined if it never closes. */
function startTagAttributes(text: string, at: number): Map<string, string> | undefined {
  let end = -1;
  let quote: string | undefined;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const attrs = new Map<string, string>();
  const tag = text.slice(at, end);
  for (const m of tag.matchAll(/([^\s=/<>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (!attrs.has(m[1])) attrs.set(m[1], m[2] ?? m[3]);
  }
  return attrs;
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
