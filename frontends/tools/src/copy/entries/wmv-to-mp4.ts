import { videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'WMV',
  to: 'MP4',
  intro:
    'Free Windows Media videos for Macs, iPhones and the web. WMV plays badly outside Windows; the MP4 plays everywhere.',
  faq: [
    {
      q: 'Can it convert protected WMV files?',
      a: 'No. Files with DRM (copy protection) cannot be read by any converter without the key.',
    },
  ],
});
