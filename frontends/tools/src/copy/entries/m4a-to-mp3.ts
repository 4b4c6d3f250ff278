import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'M4A',
  to: 'MP3',
  intro:
    'Play iPhone voice memos and iTunes songs on any car radio, old MP3 player or Android phone: M4A files become MP3 with their title, artist and cover art.',
  limits: ['Songs bought with copy protection (old iTunes M4P files) cannot be converted.'],
  faq: [
    {
      q: 'Do I keep the album cover?',
      a: 'Yes. The title, artist, album and cover picture go into the MP3, unless you choose to strip the tags.',
    },
  ],
});
