import { firstFrame, imageConverter, WHITE } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'WebP',
  to: 'JPG',
  intro:
    'Open pictures saved from websites (often WebP) in any app: old photo editors, office programs and upload forms that only take JPG.',
  limits: [WHITE, firstFrame('An animated WebP')],
  faq: [
    {
      q: 'Why did my download save as WebP?',
      a: 'Many websites serve WebP because it is smaller; browsers save it as it came.',
    },
  ],
});
