import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'FLAC',
  to: 'MP3',
  intro:
    'Make lossless FLAC music small enough for phones, cars and any player, keeping the title, artist and cover. The best VBR quality is hard to tell from the original.',
  faq: [
    {
      q: 'What about 24-bit or 96 kHz FLAC files?',
      a: 'They are converted too. MP3 plays at 48 kHz at most, so choose 44100 or 48000 Hz as the sample rate for such files.',
    },
  ],
});
