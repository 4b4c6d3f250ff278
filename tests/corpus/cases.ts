import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The real-world corpus: small files made by the encoders people use (phones, cameras, editors,
 * segmenters), each with what a user should get from one tool. Every `<group>.json` beside this file
 * lists cases for files under `files/`; `make/<group>.sh` re-makes them. README.md here explains how
 * to add one.
 */
export const CORPUS_DIR = import.meta.dirname;
export const FILES_DIR = join(CORPUS_DIR, 'files');

/** What the result must be, read back independently (see tests/integration/read-back.ts). */
export interface ExpectedOutput {
  kind: 'image' | 'video' | 'audio';
  /** Image: sharp's `metadata.format`; video/audio: one of ffprobe's `format_name` words. */
  format?: string;
  /** As displayed: first frame of an image, the video stream after its rotation. */
  width?: number;
  height?: number;
  /** Image pages (animation frames) or decoded video frames. */
  frames?: number;
  durationSec?: number;
  durationTolerance?: number;
  /** ffprobe's codec names; null = the output must have no such stream. */
  videoCodec?: string | null;
  audioCodec?: string | null;
  pixFmt?: string;
  colorTransfer?: string;
  /** "input": the result may not be larger than the uploaded file. */
  maxOutputBytes?: 'input' | number;
  /** A PNG of the first frame as an independent decoder shows it (path under files/). */
  reference?: string;
  /** Mean absolute difference per channel (0-255) allowed against the reference; default 4. */
  referenceTolerance?: number;
  /** A regex (case-insensitive) the finished job's JSON must match, e.g. a note shown to the user. */
  note?: string;
}

export interface CorpusCase {
  /** Path under files/. */
  file: string;
  /** The row of the printed table, e.g. "GIF (animated)". */
  format: string;
  /** Which encoder made the file and how, or which package shipped it under which licence. */
  source: string;
  /** A catalog tool name. */
  tool: string;
  params?: Record<string, unknown>;
  /** Either the result, or `{ error }`: a regex the user's message must match. */
  expect: ExpectedOutput | { error: string };
}

export interface LoadedCase extends CorpusCase {
  group: string;
  /** Unique, readable: "<group>: <file> → <tool>". */
  title: string;
}

export function isRefusal(expected: CorpusCase['expect']): expected is { error: string } {
  return 'error' in expected;
}

/** Every case of every group, checked for the mistakes that would make a case meaningless. */
export function loadCorpus(): LoadedCase[] {
  const cases: LoadedCase[] = [];
  const titles = new Set<string>();
  const groups = readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const name of groups) {
    const group = name.slice(0, -'.json'.length);
    const list = JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as CorpusCase[];
    for (const c of list) {
      let title = `${group}: ${c.file} → ${c.tool}`;
      if (titles.has(title)) title += ` ${JSON.stringify(c.params ?? {})}`;
      if (titles.has(title)) throw new Error(`${title}: the same case is listed twice`);
      titles.add(title);
      for (const field of ['file', 'format', 'source', 'tool'] as const) {
        if (typeof c[field] !== 'string' || !c[field]) throw new Error(`${title}: "${field}" is missing`);
      }
      if (!existsSync(join(FILES_DIR, c.file))) throw new Error(`${title}: the file is not in files/`);
      if (!isRefusal(c.expect)) {
        if (!['image', 'video', 'audio'].includes(c.expect.kind))
          throw new Error(`${title}: expect.kind must be image, video or audio`);
        const reference = c.expect.reference;
        if (reference && !existsSync(join(FILES_DIR, reference)))
          throw new Error(`${title}: the reference is not in files/`);
      }
      cases.push({ ...c, group, title });
    }
  }
  return cases;
}
