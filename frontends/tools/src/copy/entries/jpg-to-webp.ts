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
    {
      q: 'Will the WebP be smaller than my JPG?',
      a: 'Usually, for photos saved at a good quality: a JPG at quality 90 became about a third smaller at the default settings in our tests. A JPG that is already heavily compressed can grow; set the quality to 75 or lower for those.',
    },
  ],
});
