import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'ICO',
  to: 'AVIF',
  intro:
    'Save the biggest size of a favicon or Windows icon as a small AVIF image, with its transparency kept.',
  faq: [
    { q: 'Can I get the smaller icon sizes too?', a: 'No, only the largest size in the icon is written.' },
  ],
});
