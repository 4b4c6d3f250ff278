import { firstFrame, imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'HEIC',
  to: 'PNG',
  intro:
    'Get lossless copies of iPhone photos for editing: no further compression on top of what the camera did.',
  limits: [
    'PNG copies of photos are large, several times the HEIC.',
    firstFrame('A HEIF animation (image sequence)'),
  ],
  faq: [
    {
      q: 'JPG or PNG for iPhone photos?',
      a: 'JPG for sharing and uploading (small files); PNG when you will edit the photo in several rounds and want no further loss.',
    },
  ],
});
