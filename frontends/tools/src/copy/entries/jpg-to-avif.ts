import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'JPG',
  to: 'AVIF',
  intro:
    'Shrink JPG photos to the newest web format: an AVIF is often much smaller than the JPG at the same look, ideal for galleries and image-heavy pages.',
  faq: [
    {
      q: 'Do all browsers show AVIF?',
      a: 'All current versions of Chrome, Edge, Firefox and Safari do. For very old browsers keep a JPG or a WebP next to it.',
    },
    {
      q: 'How much smaller is the AVIF?',
      a: 'A JPG saved at quality 90 came out at about a third of its size at the default settings in our tests. A JPG that is already heavily compressed shrinks much less.',
    },
  ],
});
