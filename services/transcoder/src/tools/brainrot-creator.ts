import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolHandler } from '@mediakit/worker';
import { coverFilter, escapeFilterValue, frameRateValue, outputFrameRate } from './composition-filters.ts';
import { inputAt } from './composition-inputs.ts';
import { aacAudioArgs, FASTSTART_ARGS, h264VideoArgs } from './encoding.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { baseName } from './output-name.ts';

export type BrainrotLayout = 'main-top' | 'main-bottom';

export interface BrainrotParams {
  /** Where the main clip goes; default main-top. */
  layout?: BrainrotLayout;
  /** ≤ 120 characters (catalog). */
  caption?: string;
}

/** Vertical 9:16 as TikTok, Reels and Shorts want it; each clip fills one half. */
export const OUTPUT_WIDTH = 1080;
export const OUTPUT_HEIGHT = 1920;
const HALF_HEIGHT = OUTPUT_HEIGHT / 2;

/**
 * Bundled so captions look the same on every worker and never depend on fontconfig or on what the
 * host has installed. DejaVu Sans Bold: Bitstream Vera licence, see assets/fonts/README.md.
 */
export const CAPTION_FONT = fileURLToPath(new URL('../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url));

/** Big enough to read on a phone, small enough for ~25 characters a line. */
export const CAPTION_FONT_SIZE = 56;
const CAPTION_LINE_STEP = 80;
/** Text stays inside this width, leaving a margin at both sides of the 1080 px frame. */
const CAPTION_MAX_WIDTH = 940;

export interface BrainrotArgsOptions {
  main: string;
  background: string;
  output: string;
  layout: BrainrotLayout;
  /** As frameRateValue gives it; both halves are brought to it so the stack has one rate. */
  fps: string;
  mainHasAudio: boolean;
  /** One text file per caption line, top to bottom (see captionLines). */
  captionFiles: string[];
  fontFile: string;
}

/**
 * One drawtext per line, each centred on its own, the block centred on the seam between the halves.
 * The text comes from a file (`textfile=`), never from the filter string: a caption cannot break out
 * of the option or the graph whatever it contains, and `expansion=none` stops drawtext reading
 * `%{...}` in it as functions (it would otherwise print the time, metadata, or evaluate expressions).
 */
export function captionFilters(files: string[], fontFile: string): string[] {
  const top = HALF_HEIGHT - (files.length * CAPTION_LINE_STEP) / 2;
  return files.map((file, i) =>
    [
      `drawtext=fontfile=${escapeFilterValue(fontFile)}`,
      `textfile=${escapeFilterValue(file)}`,
      'expansion=none',
      `fontsize=${CAPTION_FONT_SIZE}`,
      'fontcolor=white',
      // A dark box behind each line keeps it legible over any footage.
      'box=1',
      'boxcolor=black@0.6',
      'boxborderw=12',
      'x=(w-text_w)/2',
      `y=${Math.round(top + i * CAPTION_LINE_STEP + (CAPTION_LINE_STEP - CAPTION_FONT_SIZE) / 2)}`,
    ].join(':'),
  );
}

/**
 * Main and background each scaled to cover 1080×960 and cropped to fill it, stacked. The background
 * input is looped without end (`-stream_loop -1`, an input option, so before its `-i`) and its
 * audio is never mapped; `vstack=shortest=1` ends the video with the main clip. Audio is the main
 * clip's, or none when it has none.
 */
export function buildBrainrotArgs(o: BrainrotArgsOptions): string[] {
  const half = `${coverFilter(OUTPUT_WIDTH, HALF_HEIGHT)},fps=${o.fps}`;
  const [upper, lower] = o.layout === 'main-top' ? ['[main]', '[bg]'] : ['[bg]', '[main]'];
  const stack = [`vstack=inputs=2:shortest=1`, ...captionFilters(o.captionFiles, o.fontFile)];
  const graph = [`[0:v:0]${half}[main]`, `[1:v:0]${half}[bg]`, `${upper}${lower}${stack.join(',')}[v]`].join(
    ';',
  );
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.main,
    '-stream_loop', '-1',
    '-i', o.background,
    '-filter_complex', graph,
    '-map', '[v]',
    ...(o.mainHasAudio ? ['-map', '0:a:0?'] : []),
    ...h264VideoArgs(),
    ...(o.mainHasAudio ? aacAudioArgs() : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}

// Rough advance widths of DejaVu Sans Bold in ems: enough to wrap safely, no font parsing needed.
const NARROW = /[ .,:;'!|iIjlft()[\]]/;
const WIDE = /[MWmw@%&]|[A-Z]|[\u2E80-\uFFFF]/u;
function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const ch of text) ems += NARROW.test(ch) ? 0.38 : WIDE.test(ch) ? 0.95 : 0.72;
  return ems * fontSize;
}

/**
 * The caption as lines that fit the frame: control characters removed (drawtext would draw them as
 * boxes), whitespace collapsed, words wrapped, a word too long for a line cut. Empty → no lines.
 */
export function captionLines(
  caption: string | undefined,
  fontSize = CAPTION_FONT_SIZE,
  maxWidth = CAPTION_MAX_WIDTH,
): string[] {
  const clean = (caption ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === '') return [];
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      return;
    }
    if (line !== '') lines.push(line);
    line = '';
    // A single word wider than a line: cut it into pieces that fit.
    let piece = '';
    for (const ch of word) {
      if (piece !== '' && textWidth(piece + ch, fontSize) > maxWidth) {
        lines.push(piece);
        piece = '';
      }
      piece += ch;
    }
    line = piece;
  };
  for (const word of clean.split(' ')) push(word);
  if (line !== '') lines.push(line);
  return lines;
}

export const brainrotCreator: ToolHandler<BrainrotParams> = async (ctx) => {
  const main = inputAt(ctx, 0, 'video', 'main video');
  const background = inputAt(ctx, 1, 'video', 'background video');
  const { layout = 'main-top', caption } = ctx.params;
  const captionFiles: string[] = [];
  for (const [i, line] of captionLines(caption).entries()) {
    // Fixed names in the job's private dir; no trailing newline (drawtext would draw an empty line).
    const file = join(ctx.outDir, `caption-${i + 1}.txt`);
    await writeFile(file, line, 'utf8');
    captionFiles.push(file);
  }
  const output = join(ctx.outDir, 'brainrot.mp4');
  await runFfmpegStep(ctx, {
    args: buildBrainrotArgs({
      main: main.path,
      background: background.path,
      output,
      layout,
      fps: frameRateValue(outputFrameRate(main.fps)),
      mainHasAudio: main.hasAudio ?? true,
      captionFiles,
      fontFile: CAPTION_FONT,
    }),
    durationSeconds: main.duration,
    what: 'Making the video',
  });
  return [{ path: output, name: `${baseName(main.name)}-brainrot.mp4` }];
};
