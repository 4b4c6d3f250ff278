import { formatNameLabel } from '@mediakit/catalog/mime';
import type { InputSlot } from '../upload/input-slots.ts';
import type { UploadStatus } from '../upload/use-uploads.ts';

/** What the run button needs to know of each file on the page. */
export interface InputState {
  slot: number;
  status: UploadStatus;
  /** The file cannot go to this tool as it is (e.g. more pixels than it takes): see the card. */
  refused?: boolean;
}

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/**
 * Why the job cannot run yet, as sentences that say what to do, or none when it can. A job never
 * runs on fewer files than the user chose: a file still uploading, one that failed and one the
 * tool cannot take all hold the run until it is uploaded, tried again or removed.
 */
export function runBlockers(items: readonly InputState[], slots: readonly InputSlot[]): string[] {
  const count = (test: (item: InputState) => boolean) => items.filter(test).length;
  const failed = count((item) => item.status === 'failed');
  const waiting = count(
    (item) => item.status === 'uploading' || item.status === 'fetching' || item.status === 'paused',
  );
  const refused = count((item) => item.status === 'ready' && item.refused === true);
  const reasons: string[] = [];
  if (failed > 0)
    reasons.push(
      `${files(failed)} could not be uploaded: try ${failed === 1 ? 'it' : 'them'} again or remove ${failed === 1 ? 'it' : 'them'}.`,
    );
  if (refused > 0)
    reasons.push(
      `${files(refused)} cannot go to this tool as ${refused === 1 ? 'it is' : 'they are'}: remove ${refused === 1 ? 'it' : 'them'}.`,
    );
  if (waiting > 0) reasons.push(`Waiting for ${files(waiting)} to finish uploading.`);
  if (reasons.length > 0) return reasons;
  const missing = slots
    .map((slot, index) => ({ slot, have: count((item) => item.slot === index && item.status === 'ready') }))
    .filter(({ slot, have }) => have < slot.min);
  if (missing.length > 0)
    reasons.push(
      `Add ${missing.map(({ slot, have }) => (slot.min - have > 1 ? `${slot.min - have} more files` : slot.label.toLowerCase())).join(' and ')} first.`,
    );
  return reasons;
}

/**
 * How many files go in, for tools that take a list of them: converters say it on the button
 * ("Convert 3 files to JPG"), other tools in a line under it.
 */
export function runLabel(
  tool: { kind: 'tool' | 'converter'; output: { formats: readonly string[] } },
  action: string | undefined,
  count: number,
): string {
  if (tool.kind === 'converter') {
    const to = formatNameLabel(tool.output.formats[0]);
    return count > 1 ? `Convert ${count} files to ${to}` : (action ?? `Convert to ${to}`);
  }
  return action ?? 'Run';
}

/** "3 files go into this job, in this order." for a tool with a list of inputs; none otherwise. */
export function inputCountLine(
  tool: { kind: 'tool' | 'converter' },
  slots: readonly InputSlot[],
  count: number,
  ordered: boolean,
): string | undefined {
  if (tool.kind === 'converter' || slots.length !== 1 || slots[0].max <= 1 || count === 0) return undefined;
  return `${files(count)} ${count === 1 ? 'goes' : 'go'} into this job${ordered && count > 1 ? ', in this order' : ''}.`;
}
