import { firstFrame, imageConverter, WHITE } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'AVIF',
  to: 'JPG',
  intro:
    'Open AVIF pictures in apps that cannot read them yet: older editors, office programs, messengers and upload forms.',
  limits: [WHITE, firstFrame('An animated AVIF')],
  faq: [
    {
      q: 'What is AVIF?',
      a: 'A newer image format based on the AV1 video codec, much smaller than JPG. Many websites serve it, but plenty of software cannot open it.',
    },
  ],
});
