import { firstFrame, imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'WebP',
  to: 'PNG',
  intro: 'Open WebP images in any editor with their transparency kept, for stickers, logos and design work.',
  limits: [firstFrame('An animated WebP')],
  faq: [{ q: 'Is transparency kept?', a: 'Yes, transparent areas of the WebP stay transparent in the PNG.' }],
});
