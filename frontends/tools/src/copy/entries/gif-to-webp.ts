import { ANIMATED_WEBP, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'GIF',
  to: 'WebP',
  intro:
    'Turn animated GIFs into animated WebP: the same motion and colours with smoother transparent edges, and often fewer bytes.',
  limits: [ANIMATED_WEBP],
  faq: [
    {
      q: 'Does the animation keep its speed and loop?',
      a: 'Yes: every frame keeps its own delay, and the loop count of the GIF (forever or a number of times) is kept.',
    },
  ],
});
