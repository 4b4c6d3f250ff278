import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'ICO',
  to: 'WebP',
  intro:
    'Take the largest picture out of a Windows or website icon and save it as WebP with its transparent edges.',
  faq: [
    {
      q: 'Which size of the icon do I get?',
      a: 'The largest one in the file, so the picture is as sharp as the icon allows.',
    },
  ],
});
