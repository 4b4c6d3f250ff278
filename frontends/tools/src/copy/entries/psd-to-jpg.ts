import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'PSD',
  to: 'JPG',
  intro:
    'Share Photoshop designs with people who do not have Photoshop: the flattened image, as everyone sees it, in a JPG.',
  limits: [
    'The file needs its composite image: save PSDs with "Maximize Compatibility" on (the default).',
    'RGB and grayscale documents; CMYK and Lab are refused with a message.',
  ],
  faq: [
    {
      q: 'Are the layers kept?',
      a: 'No, you get the flattened picture, as Photoshop shows it with all visible layers.',
    },
  ],
});
