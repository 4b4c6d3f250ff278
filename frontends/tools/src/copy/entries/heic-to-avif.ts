import { AVIF_STILL, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'HEIC',
  to: 'AVIF',
  intro:
    "Convert iPhone photos to AVIF, the web's open counterpart of HEIC: similar size and quality, and shown by every current browser.",
  limits: [AVIF_STILL],
  faq: [
    {
      q: 'Are HDR iPhone photos supported?',
      a: 'Yes, HDR photos are tone-mapped to standard range so they look right on every screen.',
    },
  ],
});
