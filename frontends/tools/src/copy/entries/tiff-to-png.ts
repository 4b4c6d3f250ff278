import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'TIFF',
  to: 'PNG',
  intro:
    'Keep scans and artwork lossless, but in a format that browsers, phones and every image app can open.',
  limits: ['A multi-page TIFF gives its first page.'],
  faq: [{ q: 'Is transparency kept?', a: 'Yes, a TIFF with an alpha channel gives a transparent PNG.' }],
});
