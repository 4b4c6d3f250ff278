import { getEntry, publicCatalog } from '@mediakit/catalog';
import type { Tool } from '@mediakit/client';
import { describe, expect, test } from 'vitest';
import { parseToolArgs } from './run.ts';
import { coerceParams, normalizeBooleans } from './tool-options.ts';

const tool = (name: string) => {
  const found = (publicCatalog() as unknown as Tool[]).find((t) => t.name === name);
  if (!found || !getEntry(name)) throw new Error(`no ${name} in the catalog`);
  return found;
};

/** What `mediakit run <name> ...args` sends: the params and the files. */
function parse(name: string, args: string[]) {
  const { values, positionals } = parseToolArgs(tool(name), args);
  return { params: coerceParams(tool(name), values, 'run'), files: positionals, values };
}

describe('mediakit run arguments', () => {
  test.each([
    ['trim-video', ['--start', '1', '--end', '5', 'in.mp4'], { start: 1, end: 5 }],
    ['trim-video', ['in.mp4', '--end=4.5'], { end: 4.5 }],
    ['change-audio-volume', ['--volume', '150', '--no-limit', 'in.mp3'], { volume: 150, limit: false }],
    ['change-audio-volume', ['--limit', 'in.mp3'], { limit: true }],
    ['change-audio-volume', ['--limit', 'false', 'in.mp3'], { limit: false }],
    [
      'audio-converter',
      ['--format', 'opus', '--sampleRate', '48000', 'in.mp3'],
      { format: 'opus', sampleRate: 48000 },
    ],
    [
      'video-frame-extractor',
      ['--mode', 'times', '--times', '1,2.5', 'in.mp4'],
      { mode: 'times', times: [1, 2.5] },
    ],
    [
      'pancard-photo-resizer',
      ['--crop', '{"x":0,"y":0,"width":50,"height":70}', 'in.mp4'],
      { crop: { x: 0, y: 0, width: 50, height: 70 } },
    ],
  ])('%s %j', (name, args, params) => {
    const parsed = parse(name, args as string[]);
    expect(parsed.params).toEqual(params);
    expect(parsed.files).toEqual([(args as string[]).find((a) => a.startsWith('in.'))]);
  });

  test('the common options are not params', () => {
    const parsed = parse('trim-video', ['--end', '2', '--out', 'done', '--wait', '60', '--json', 'in.mp4']);
    expect(parsed.params).toEqual({ end: 2 });
    expect(parsed.values).toMatchObject({ out: 'done', wait: '60', json: true });
  });

  test('an unknown flag is refused with the list of the tool’s params', () => {
    expect(() => parse('trim-video', ['--begin', '1', 'in.mp4'])).toThrow(
      "Unknown option '--begin'. trim-video takes --start, --end.",
    );
  });

  test.each([
    ['trim-video', ['--end', 'five', 'in.mp4'], '--end takes a number, not "five".'],
    ['change-audio-volume', ['--limit=maybe', 'in.mp3'], '--limit is true or false, not "maybe".'],
    ['pancard-photo-resizer', ['--crop', 'x=0', 'in.jpg'], '--crop takes JSON'],
  ])('%s %j is refused: %s', (name, args, sentence) => {
    expect(() => parse(name, args)).toThrow(sentence);
  });

  test('normalizeBooleans leaves other flags and files alone', () => {
    expect(normalizeBooleans(['--volume', '120', '--limit', 'a.mp3'], tool('change-audio-volume'))).toEqual([
      '--volume',
      '120',
      '--limit=true',
      'a.mp3',
    ]);
  });
});
