import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MP3',
  to: 'WAV',
  intro:
    'Give editors, samplers, DJ software and hardware that want uncompressed sound a plain 16-bit WAV of your MP3, ready to cut and mix.',
  faq: [
    {
      q: 'Does WAV make my MP3 sound better?',
      a: 'No: what MP3 left out is not brought back. WAV only makes the sound easy to edit, at about ten times the size.',
    },
  ],
});
