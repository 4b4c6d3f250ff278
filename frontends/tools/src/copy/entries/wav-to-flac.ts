import { AUDIO_COPY, audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'WAV',
  to: 'FLAC',
  intro:
    'Roughly halve the size of WAV recordings and CD rips without losing a single sample: FLAC is lossless, and holds title, artist and cover art too.',
  faq: [
    {
      q: 'Can I get the exact WAV back later?',
      a: 'Yes. FLAC is lossless: converting it back to WAV gives the very same samples.',
    },
    { q: 'What if my file already is FLAC inside?', a: AUDIO_COPY('FLAC', 'FLAC') },
  ],
});
