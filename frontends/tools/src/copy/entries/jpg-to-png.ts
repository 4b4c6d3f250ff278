import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'JPG',
  to: 'PNG',
  intro:
    'Save JPG photos as PNG when you need a lossless copy: for editing in several rounds, for tools that only take PNG, or for adding transparency later.',
  limits: ['A PNG of a photo is much larger than the JPG: it stores every pixel without loss.'],
  faq: [
    {
      q: 'Will converting to PNG improve the quality?',
      a: 'No, what JPG compression removed stays removed. PNG just stops any further loss from now on.',
    },
    {
      q: 'Does the PNG get a transparent background?',
      a: 'No, a JPG has no transparency, so the PNG is fully opaque.',
    },
  ],
});
