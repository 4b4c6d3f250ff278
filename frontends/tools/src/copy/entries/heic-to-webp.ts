import { ANIMATED_WEBP, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'HEIC',
  to: 'WebP',
  intro:
    'Put iPhone photos on the web: WebP opens in every browser, unlike HEIC, and stays small. Live HEIF animations stay animated.',
  limits: [ANIMATED_WEBP],
  faq: [
    {
      q: 'Will my iPhone photo be turned the right way?',
      a: 'Yes, the photo is rotated as the phone shot it, and the location and camera data are removed.',
    },
  ],
});
