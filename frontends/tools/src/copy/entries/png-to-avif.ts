import { AVIF_STILL, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'PNG',
  to: 'AVIF',
  intro:
    'Save PNG images as AVIF with their transparency: for product photos on clear backgrounds and large graphics that should load fast.',
  limits: [AVIF_STILL],
  faq: [
    {
      q: 'Does AVIF keep the transparent background?',
      a: 'Yes, the AVIF has the same transparent areas as the PNG.',
    },
  ],
});
