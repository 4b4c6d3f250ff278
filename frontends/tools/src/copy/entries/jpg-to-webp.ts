import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'JPG',
  to: 'WebP',
  intro:
    'Make JPG photos lighter for your website: the same picture as WebP is usually noticeably smaller, so pages load faster and still look sharp.',
  faq: [
    {
      q: 'Will my photo look worse as WebP?',
      a: 'At the default quality 90 you will not see a difference on screen; WebP simply stores the same picture more efficiently.',
    },
  ],
});
