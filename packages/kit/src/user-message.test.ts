import { describe, expect, it } from 'vitest';
import { hasRawToolText, presentableMessage } from './user-message.ts';

describe('user messages', () => {
  it.each([
    '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x555d2a0] Could not find codec parameters',
    '[h264] Invalid NAL unit size',
    'Trimming failed: /tmp/mk-123-abcd/in/0.mp4: Invalid data found when processing input',
    'Error at 0x7ffd5e2a1b30',
    'cannot open /work/main/data/x.mp4',
    'C:\\Users\\me\\clip.mp4 failed',
  ])('finds raw tool text in %s', (message) => {
    expect(hasRawToolText(message)).toBe(true);
    expect(presentableMessage(message, 'Fallback.')).toBe('Fallback.');
  });

  it.each([
    'holiday.mp4 is damaged or incomplete (for example cut short while it was copied or uploaded), so resizing could not finish. Upload the complete original file.',
    'clip.mov uses the ProRes RAW codec, which we cannot decode. Export it as H.264 and upload that.',
    'end must be greater than start',
    'a.webm is 1.2 KB; the limit is 1,000 bytes.',
  ])('keeps a sentence: %s', (message) => {
    expect(hasRawToolText(message)).toBe(false);
    expect(presentableMessage(message, 'Fallback.')).toBe(message);
  });
});
