import { firstFrame, imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'AVIF',
  to: 'PNG',
  intro: 'Keep the detail and transparency of AVIF pictures in a format every program opens.',
  limits: [firstFrame('An animated AVIF')],
  faq: [{ q: 'Is transparency kept?', a: 'Yes, AVIF transparency carries over to the PNG.' }],
});
