import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExpectedOutput, FILES_DIR, isRefusal, type LoadedCase, loadCorpus } from '../corpus/cases.ts';
import { ApiClient } from './client.ts';
import {
  firstFrameRgba,
  meanDifference,
  type OutputFacts,
  rawToolText,
  readImage,
  readVideo,
} from './read-back.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The real-world corpus (tests/corpus): files made by the encoders people use, each uploaded through
 * the public API like a browser does, run through one tool, and the result read back independently
 * (read-back.ts). Every case is one test; the table printed at the end says per format how many were
 * tried, converted, correct, and refused with a clear sentence.
 */

const cases = loadCorpus();

interface Row {
  tried: number;
  converted: number;
  correct: number;
  refused: number;
}
const table = new Map<string, Row>();

let stack: TestStack;
let api: ApiClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-corpus-'));
  stack = await startTestStack();
  api = new ApiClient(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  printTable();
  await stack?.teardown();
  if (dir) await rm(dir, { recursive: true, force: true });
});

type Outcome = { ok: true; job: unknown; output: string } | { ok: false; stage: string; message: string };

/** Upload, create the job, follow it to the end and download the first output. */
async function runCase(c: LoadedCase): Promise<Outcome> {
  const uploaded = await api.upload([join(FILES_DIR, c.file)]);
  if (uploaded.status !== 201) return { ok: false, stage: 'upload', message: String(uploaded.body?.message) };
  const input = uploaded.body.files[0].id as string;
  const created = await api.json('POST', '/jobs', { tool: c.tool, inputs: [input], params: c.params ?? {} });
  if (created.status !== 202)
    return { ok: false, stage: 'job creation', message: String(created.body?.message) };
  const events = await api.events(created.body.id, 170_000);
  const final = events.at(-1);
  if (final?.event !== 'succeeded') {
    return {
      ok: false,
      stage: 'job',
      message: String(final?.data?.error?.message ?? `no end (${final?.event})`),
    };
  }
  const first = final.data.outputs?.[0];
  if (!first) return { ok: false, stage: 'job', message: 'the job succeeded without an output' };
  const download = await api.download(`/files/${first.id}/content`);
  expect(download.status).toBe(200);
  const output = join(dir, `${first.id}-${first.name ?? 'output'}`);
  await writeFile(output, download.bytes);
  return { ok: true, job: final.data, output };
}

/** Every way the output differs from what the case expects, as readable lines (empty: correct). */
async function problemsWith(
  c: LoadedCase,
  expected: ExpectedOutput,
  job: unknown,
  output: string,
): Promise<string[]> {
  const problems: string[] = [];
  const facts: OutputFacts = expected.kind === 'image' ? await readImage(output) : await readVideo(output);
  const formats = facts.format.split(',');
  if (expected.format && !formats.includes(expected.format))
    problems.push(`format is ${facts.format}, expected ${expected.format}`);
  for (const field of [
    'width',
    'height',
    'frames',
    'videoCodec',
    'audioCodec',
    'pixFmt',
    'colorTransfer',
  ] as const) {
    if (expected[field] !== undefined && facts[field] !== expected[field])
      problems.push(`${field} is ${facts[field]}, expected ${expected[field]}`);
  }
  if (expected.durationSec !== undefined) {
    const off = Math.abs((facts.durationSec ?? 0) - expected.durationSec);
    if (off > (expected.durationTolerance ?? 0.1))
      problems.push(`duration is ${facts.durationSec} s, expected ${expected.durationSec} s`);
  }
  if (expected.maxOutputBytes !== undefined) {
    const limit =
      expected.maxOutputBytes === 'input'
        ? (await stat(join(FILES_DIR, c.file))).size
        : expected.maxOutputBytes;
    const size = (await stat(output)).size;
    if (size > limit) problems.push(`output has ${size} bytes, at most ${limit} expected`);
  }
  if (expected.note && !new RegExp(expected.note, 'i').test(JSON.stringify(job)))
    problems.push(`the job does not say /${expected.note}/`);
  if (expected.reference && facts.width && facts.height) {
    const reference = join(FILES_DIR, expected.reference);
    const refFacts = await readImage(reference);
    // Compare at the smaller of the two sizes, so neither side is judged on invented detail.
    const smaller = facts.width * facts.height < (refFacts.width ?? 0) * (refFacts.height ?? 0);
    const width = smaller ? facts.width : (refFacts.width as number);
    const height = smaller ? facts.height : (refFacts.height as number);
    const ours = await firstFrameRgba(output, formats[0] === 'heif' ? 'avif' : formats[0], width, height);
    const theirs = await firstFrameRgba(reference, 'png', width, height);
    const difference = meanDifference(ours, theirs);
    if (difference > (expected.referenceTolerance ?? 4))
      problems.push(`pixels differ from the reference by ${difference.toFixed(1)} on average`);
  }
  return problems;
}

describe('real-world corpus', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(c.title, async () => {
      const row = table.get(c.format) ?? { tried: 0, converted: 0, correct: 0, refused: 0 };
      table.set(c.format, row);
      row.tried++;
      const outcome = await runCase(c);
      if (!outcome.ok) {
        expect(rawToolText(outcome.message), `raw tool text in "${outcome.message}"`).toBeUndefined();
        if (!isRefusal(c.expect)) throw new Error(`refused at ${outcome.stage}: ${outcome.message}`);
        expect(outcome.message).toMatch(new RegExp(c.expect.error, 'i'));
        row.refused++;
        return;
      }
      row.converted++;
      if (isRefusal(c.expect))
        throw new Error(`succeeded, but the case expects the error /${c.expect.error}/`);
      const problems = await problemsWith(c, c.expect, outcome.job, outcome.output);
      if (problems.length === 0) row.correct++;
      expect(problems).toEqual([]);
    }, 180_000);
  }
});

function printTable(): void {
  const rows = [...table.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(6, ...rows.map(([format]) => format.length));
  const line = (cells: (string | number)[]) =>
    `${String(cells[0]).padEnd(width)}  ${cells
      .slice(1)
      .map((cell) => String(cell).padStart(9))
      .join(' ')}`;
  const total = rows.reduce(
    (sum, [, r]) => ({
      tried: sum.tried + r.tried,
      converted: sum.converted + r.converted,
      correct: sum.correct + r.correct,
      refused: sum.refused + r.refused,
    }),
    { tried: 0, converted: 0, correct: 0, refused: 0 },
  );
  const lines = [
    line(['format', 'tried', 'converted', 'correct', 'refused']),
    ...rows.map(([format, r]) => line([format, r.tried, r.converted, r.correct, r.refused])),
    line(['all', total.tried, total.converted, total.correct, total.refused]),
  ];
  console.log(
    `\nReal-world corpus (refused = turned down with the expected sentence)\n${lines.join('\n')}\n`,
  );
}
