import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'AIFF',
  to: 'MP3',
  intro:
    'Make the AIFF files of Mac recording and music apps (GarageBand, Logic exports) small and portable as MP3, to share a mix or a demo.',
  faq: [
    {
      q: 'Will the MP3 keep my 24-bit studio quality?',
      a: 'MP3 is lossy: choose 320 kb/s or the best VBR quality for a copy that is hard to tell apart, and keep the AIFF as your master.',
    },
  ],
});
