import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MP3',
  to: 'OGG',
  intro:
    'Make OGG Vorbis files for game engines, open players and websites that want a patent-free format, from your MP3s, with title and artist kept.',
  limits: ['OGG files hold no cover picture; the title and artist are kept.'],
  faq: [
    {
      q: 'Which game engines want OGG?',
      a: 'Many, for music and longer sounds: it loops cleanly and has no licence fee. Pick a VBR quality rather than a bitrate.',
    },
  ],
});
