import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'OGG',
  to: 'MP3',
  intro:
    'Play OGG Vorbis files from games, open-source apps and voice messages on iPhones, car radios and every device that reads MP3. Their title and artist come along.',
  faq: [
    {
      q: 'Why do some devices not play OGG?',
      a: 'OGG is an open format that many phones and car stereos never added; MP3 is the one format they all read.',
    },
  ],
});
