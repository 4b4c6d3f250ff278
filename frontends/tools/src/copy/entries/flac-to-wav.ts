import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'FLAC',
  to: 'WAV',
  intro:
    'Unpack lossless FLAC music for editors, DJ gear and burning software that do not read FLAC. Every sample is kept, at twice the file size.',
  limits: ['WAV files are written with 16-bit samples.'],
  faq: [
    {
      q: 'Is anything lost from FLAC to WAV?',
      a: 'No for 16-bit FLAC: both are lossless. 24-bit FLAC is written as 16-bit WAV, which is CD quality.',
    },
  ],
});
