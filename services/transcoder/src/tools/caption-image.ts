import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';

/**
 * Text burned into a video, drawn as a transparent PNG that ffmpeg overlays. libvips draws it with
 * Pango (HarfBuzz shaping, bidi) through fontconfig: the bundled font comes first, and fontconfig
 * falls back to the host's fonts for what it lacks, in colour for emoji (fonts-noto-color-emoji,
 * fonts-noto-cjk and fonts-noto-core, installed by scripts/setup.mjs and the transcoder's image).
 * A host without them still gets its caption: Pango draws a box for a character no font has.
 */

/**
 * The first font asked for, so Latin text looks the same on every worker whatever the host has.
 * DejaVu Sans Bold: Bitstream Vera licence, see assets/fonts/README.md.
 */
export const CAPTION_FONT = fileURLToPath(new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));
/** Big enough to read on a phone, small enough for ~25 characters a line (px: Pango at 72 dpi). */
export const CAPTION_FONT_SIZE = 56;
/** Each line sits on its own dark box this tall; the boxes of a caption touch. */
export const CAPTION_LINE_HEIGHT = 80;
/** Text stays inside this width, leaving a margin at both sides of a 1080 px frame. */
export const CAPTION_MAX_WIDTH = 940;
/** Box edge to text, left and right. */
const BOX_PADDING = 16;
/** Text taller than this (stacked marks) is scaled down so it stays on its box. */
const MAX_INK_HEIGHT = CAPTION_LINE_HEIGHT - 8;
const BOX_COLOUR = { r: 0, g: 0, b: 0, alpha: 0.6 };

/**
 * Control characters removed (a renderer draws them as boxes), whitespace collapsed. Format
 * characters stay: the zero-width joiner builds emoji such as 👩‍💻, and bidi marks only reorder
 * the caption's own words.
 */
export function cleanCaption(caption: string | undefined): string {
  return (caption ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Pango reads the text as markup: every character that could open a tag or entity is escaped. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Lines that fit, measured by `fits`: words joined while the line fits, a word too wide for a line
 * cut between graphemes (never inside an emoji or a letter with its marks) into the longest
 * pieces that fit, found by halving.
 */
export async function wrapWords(text: string, fits: (line: string) => Promise<boolean>): Promise<string[]> {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (await fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    let rest = Array.from(graphemes.segment(word), (s) => s.segment);
    while (rest.length > 0) {
      let take = 1;
      let tooMany = rest.length + 1;
      while (tooMany - take > 1) {
        const mid = Math.floor((take + tooMany) / 2);
        if (await fits(rest.slice(0, mid).join(''))) take = mid;
        else tooMany = mid;
      }
      const piece = rest.slice(0, take).join('');
      rest = rest.slice(take);
      // The last piece stays open: the next word may join it.
      if (rest.length > 0) lines.push(piece);
      else line = piece;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

export interface InkImage {
  png: Buffer;
  width: number;
  height: number;
}

/** One line of white text as an RGBA PNG cropped to its ink; undefined when nothing is drawn. */
export async function renderLine(line: string): Promise<InkImage | undefined> {
  try {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="white">${escapeMarkup(line)}</span>`,
        font: `DejaVu Sans Bold ${CAPTION_FONT_SIZE}`,
        fontfile: CAPTION_FONT,
        rgba: true,
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    // Only invisible characters (a zero-width space, say): a line with nothing to show.
    if (err instanceof Error && /no text to render/.test(err.message)) return undefined;
    throw err;
  }
}

/** The lines of a caption as they will be drawn, with their images (each line rendered once). */
export async function layoutCaption(
  caption: string | undefined,
  maxWidth = CAPTION_MAX_WIDTH,
): Promise<{ text: string; ink: InkImage }[]> {
  const rendered = new Map<string, Promise<InkImage | undefined>>();
  const render = (line: string) => {
    let ink = rendered.get(line);
    if (!ink) {
      ink = renderLine(line);
      rendered.set(line, ink);
    }
    return ink;
  };
  const lines = await wrapWords(
    cleanCaption(caption),
    async (line) => ((await render(line))?.width ?? 0) <= maxWidth,
  );
  const drawn: { text: string; ink: InkImage }[] = [];
  for (const text of lines) {
    const ink = await render(text);
    if (ink) drawn.push({ text, ink: await fitInk(ink, maxWidth) });
  }
  return drawn;
}

/** Scaled down when wider than a line (one grapheme wider than the frame) or taller than a box. */
async function fitInk(ink: InkImage, maxWidth: number): Promise<InkImage> {
  if (ink.width <= maxWidth && ink.height <= MAX_INK_HEIGHT) return ink;
  const { data, info } = await sharp(ink.png)
    .resize({ width: maxWidth, height: MAX_INK_HEIGHT, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/**
 * Writes the caption as one transparent PNG: its lines top to bottom, each centred on a dark box
 * (so it reads over any footage). Undefined, and no file, when the caption has nothing to draw.
 */
export async function writeCaptionImage(
  caption: string | undefined,
  path: string,
): Promise<{ width: number; height: number } | undefined> {
  const lines = await layoutCaption(caption);
  if (lines.length === 0) return undefined;
  const width = Math.max(...lines.map((l) => l.ink.width)) + 2 * BOX_PADDING;
  const height = lines.length * CAPTION_LINE_HEIGHT;
  const layers: OverlayOptions[] = lines.flatMap(({ ink }, i) => {
    const boxWidth = ink.width + 2 * BOX_PADDING;
    const boxLeft = Math.floor((width - boxWidth) / 2);
    const top = i * CAPTION_LINE_HEIGHT;
    return [
      {
        input: {
          create: { width: boxWidth, height: CAPTION_LINE_HEIGHT, channels: 4, background: BOX_COLOUR },
        },
        left: boxLeft,
        top,
      },
      {
        input: ink.png,
        left: boxLeft + BOX_PADDING,
        top: top + Math.floor((CAPTION_LINE_HEIGHT - ink.height) / 2),
      },
    ];
  });
  await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(layers)
    .png()
    .toFile(path);
  return { width, height };
}
