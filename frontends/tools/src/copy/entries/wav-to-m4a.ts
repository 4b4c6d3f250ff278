import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'WAV',
  to: 'M4A',
  intro:
    'Shrink WAV recordings to AAC in M4A, the format Apple devices, podcast apps and most video editors take, at a tenth of the size.',
  faq: [
    {
      q: 'Is M4A better than MP3 at the same size?',
      a: 'At low and medium bitrates AAC usually sounds a little better than MP3; above 192 kb/s both are very close to the original.',
    },
  ],
});
