import { imageConverter, WHITE } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'ICO',
  to: 'JPG',
  intro:
    'Save a Windows or website icon (favicon) as an ordinary picture: the largest size stored in the icon is used.',
  limits: ['The largest image in the icon is used.', WHITE],
  faq: [
    {
      q: 'An ICO holds several sizes. Which one do I get?',
      a: 'The largest (by size, then color depth), so the picture is as sharp as the icon allows.',
    },
  ],
});
