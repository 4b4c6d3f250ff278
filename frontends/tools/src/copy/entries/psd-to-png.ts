import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'PSD',
  to: 'PNG',
  intro:
    'Export Photoshop files as flat PNG images with their transparency, for the web, slides and handing off designs.',
  limits: [
    'The file needs its composite image: save PSDs with "Maximize Compatibility" on (the default).',
    'RGB and grayscale documents, 8 and 16 bits.',
  ],
  faq: [
    {
      q: 'Why does my PSD say it has no composite image?',
      a: 'It was saved with "Maximize Compatibility" off. Open it in Photoshop and save it again with the option on.',
    },
  ],
});
