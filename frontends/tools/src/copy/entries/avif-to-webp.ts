import { ANIMATED_WEBP, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'AVIF',
  to: 'WebP',
  intro:
    'Convert AVIF pictures to WebP for apps and older browsers that do not show AVIF yet; animated AVIFs stay animated.',
  limits: [ANIMATED_WEBP],
  faq: [
    {
      q: 'Will an animated AVIF keep moving?',
      a: 'Yes, it becomes an animated WebP with every frame and its timing.',
    },
  ],
});
