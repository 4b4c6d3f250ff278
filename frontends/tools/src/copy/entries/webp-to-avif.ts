import { AVIF_STILL, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'WebP',
  to: 'AVIF',
  intro:
    'Make WebP images smaller still: AVIF often saves more bytes at the same look, with transparency kept.',
  limits: [AVIF_STILL],
  faq: [
    {
      q: 'Should I convert an animated WebP?',
      a: 'Only its first frame is written to AVIF here; keep animated WebPs as they are.',
    },
  ],
});
