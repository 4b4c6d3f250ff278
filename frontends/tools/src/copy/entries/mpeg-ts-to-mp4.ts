import { REMUX, videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'MPEG-TS',
  to: 'MP4',
  intro:
    'Turn TV recordings, camcorder .mts files and saved live streams (.ts) into a normal MP4 you can edit, share and play on any device.',
  faq: [
    { q: 'Does this keep the full quality of my recording?', a: REMUX },
    {
      q: 'My camcorder makes .MTS or .M2TS files. Are those MPEG-TS?',
      a: 'Yes, they are MPEG transport streams; choose them here.',
    },
  ],
});
