import { describe, expect, test } from 'vitest';
import type { InputSlot } from '../upload/input-slots.ts';
import { type InputState, inputCountLine, runBlockers, runLabel } from './run-readiness.ts';

const list: InputSlot[] = [{ label: 'Your images', accept: ['image/png'], min: 1, max: 50 }];
const pair: InputSlot[] = [
  { label: 'Video', accept: ['video/mp4'], min: 1, max: 1 },
  { label: 'Logo', accept: ['image/png'], min: 1, max: 1 },
];
const ready = (slot = 0): InputState => ({ slot, status: 'ready' });

describe('runBlockers: the run waits for every file the user chose', () => {
  test('all uploaded: nothing holds it', () => {
    expect(runBlockers([ready(), ready(), ready()], list)).toEqual([]);
  });

  test('files still uploading, fetched from a link or paused are waited for, counted', () => {
    expect(
      runBlockers(
        [
          ready(),
          { slot: 0, status: 'uploading' },
          { slot: 0, status: 'fetching' },
          { slot: 0, status: 'paused' },
        ],
        list,
      ),
    ).toEqual(['Waiting for 3 files to finish uploading.']);
    expect(runBlockers([{ slot: 0, status: 'uploading' }], list)).toEqual([
      'Waiting for 1 file to finish uploading.',
    ]);
  });

  test('a failed file holds the run until it is tried again or removed', () => {
    expect(runBlockers([ready(), { slot: 0, status: 'failed' }], list)).toEqual([
      '1 file could not be uploaded: try it again or remove it.',
    ]);
    expect(
      runBlockers(
        [
          { slot: 0, status: 'failed' },
          { slot: 0, status: 'failed' },
          { slot: 0, status: 'uploading' },
        ],
        list,
      ),
    ).toEqual([
      '2 files could not be uploaded: try them again or remove them.',
      'Waiting for 1 file to finish uploading.',
    ]);
  });

  test('a file the tool refuses holds it too', () => {
    expect(runBlockers([ready(), { slot: 0, status: 'ready', refused: true }], list)).toEqual([
      '1 file cannot go to this tool as it is: remove it.',
    ]);
  });

  test('missing inputs are named by their place', () => {
    expect(runBlockers([], list)).toEqual(['Add your images first.']);
    expect(runBlockers([ready(0)], pair)).toEqual(['Add logo first.']);
    expect(runBlockers([], [{ label: 'Your videos', accept: [], min: 2, max: 20 }])).toEqual([
      'Add 2 more files first.',
    ]);
  });
});

describe('how many files go in', () => {
  const converter = { kind: 'converter' as const, output: { formats: ['jpg'] } };
  const tool = { kind: 'tool' as const, output: { formats: ['mp4'] } };

  test('a converter says it on its button', () => {
    expect(runLabel(converter, 'Convert to JPG', 3)).toBe('Convert 3 files to JPG');
    expect(runLabel(converter, 'Convert to JPG', 1)).toBe('Convert to JPG');
    expect(runLabel(converter, undefined, 0)).toBe('Convert to JPG');
    expect(inputCountLine(converter, list, 3, false)).toBeUndefined();
    // Formats as people write them, not shouted: WebP, Opus.
    expect(runLabel({ kind: 'converter', output: { formats: ['webp'] } }, undefined, 3)).toBe(
      'Convert 3 files to WebP',
    );
    expect(runLabel({ kind: 'converter', output: { formats: ['opus'] } }, undefined, 2)).toBe(
      'Convert 2 files to Opus',
    );
  });

  test('a tool with a list of inputs says it in a line; its button keeps its words', () => {
    expect(runLabel(tool, 'Join the videos', 3)).toBe('Join the videos');
    expect(inputCountLine(tool, list, 3, true)).toBe('3 files go into this job, in this order.');
    expect(inputCountLine(tool, list, 1, false)).toBe('1 file goes into this job.');
    expect(inputCountLine(tool, list, 0, false)).toBeUndefined();
    expect(inputCountLine(tool, pair, 2, false)).toBeUndefined();
  });
});
