import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'PSD',
  to: 'AVIF',
  intro:
    'Export Photoshop files as tiny AVIF previews with their transparency, to send to clients or post online.',
  limits: ['The file needs its composite image: save PSDs with "Maximize Compatibility" on (the default).'],
  faq: [
    {
      q: 'What if the PSD was saved without a flattened picture?',
      a: 'The converter says the composite image is missing; save the PSD again with "Maximize Compatibility" on.',
    },
  ],
});
