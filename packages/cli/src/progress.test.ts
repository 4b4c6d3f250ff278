import { describe, expect, test } from 'vitest';
import { Progress } from './progress.ts';

function plain() {
  const lines: string[] = [];
  return { lines, progress: new Progress({ write: (text: string) => lines.push(text.trimEnd()) }) };
}

describe('Progress in plain lines (not a terminal)', () => {
  test('says a small upload in KB, and its end once however often it is reported', () => {
    const { lines, progress } = plain();
    progress.uploadStarted('clip.mov', 36_916);
    progress.uploaded('clip.mov', 0, 36_916);
    progress.uploaded('clip.mov', 36_916, 36_916);
    progress.uploaded('clip.mov', 36_916, 36_916);
    expect(lines).toEqual(['Uploading clip.mov (37 KB)', 'clip.mov: uploaded 37 KB of 37 KB']);
  });

  test('says a large upload in MB, a line per 5 MiB', () => {
    const { lines, progress } = plain();
    const total = 12_600_000;
    for (let sent = 0; sent <= total; sent += 1_000_000) progress.uploaded('big.mov', sent, total);
    progress.uploaded('big.mov', total, total);
    expect(lines).toEqual([
      'big.mov: uploaded 6.0 MB of 12.6 MB',
      'big.mov: uploaded 11.0 MB of 12.6 MB',
      'big.mov: uploaded 12.6 MB of 12.6 MB',
    ]);
  });
});
