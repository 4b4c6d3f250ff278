import { AVIF_STILL, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'GIF',
  to: 'AVIF',
  intro: 'Save a still GIF, or the first frame of an animated one, as a tiny AVIF picture in full colour.',
  limits: [AVIF_STILL],
  faq: [
    {
      q: 'Why is my animated GIF not moving as AVIF?',
      a: 'Animated AVIF is not written here. Use GIF to WebP to keep the animation.',
    },
  ],
});
