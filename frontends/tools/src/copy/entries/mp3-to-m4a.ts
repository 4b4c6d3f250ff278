import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MP3',
  to: 'M4A',
  intro:
    'Make AAC files in M4A for iPhones, iTunes, Apple Music and ringtones from your MP3s, keeping the title, artist and cover picture.',
  faq: [
    {
      q: 'Can I make an iPhone ringtone?',
      a: 'Convert the song to M4A, trim it to 30 seconds or less, and rename the file from .m4a to .m4r before adding it to the phone.',
    },
  ],
});
