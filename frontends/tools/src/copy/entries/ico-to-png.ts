import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'ICO',
  to: 'PNG',
  intro:
    'Extract the largest image from an icon or favicon, with its transparency, ready for a design or a website.',
  limits: ['The largest image in the icon is used.'],
  faq: [
    {
      q: 'Is the transparent background kept?',
      a: 'Yes, including icons that store their transparency as a separate mask.',
    },
  ],
});
