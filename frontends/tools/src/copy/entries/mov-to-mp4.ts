import { REMUX, videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'MOV',
  to: 'MP4',
  intro:
    'Turn iPhone and QuickTime recordings into MP4 that plays on Windows, Android, smart TVs and every website. Most iPhone videos are simply repackaged, so nothing is lost.',
  faq: [
    { q: 'Will my iPhone video lose quality?', a: REMUX },
    {
      q: 'My video was filmed in portrait. Will it stay upright?',
      a: 'Yes, rotated phone clips come out upright.',
    },
    {
      q: 'Does it take 3GP videos from older phones?',
      a: 'Yes. 3GP and 3G2 files are converted too: H.264 video is kept, H.263 and MPEG-4 become H.264, and AMR voice becomes AAC.',
    },
  ],
});
