import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'WAV',
  to: 'MP3',
  intro:
    'Make big WAV recordings about ten times smaller as MP3, to mail a demo, upload a podcast or fill a phone with music. Choose a constant bitrate or a VBR quality.',
  faq: [
    {
      q: 'Constant bitrate or VBR?',
      a: 'VBR gives the best sound for the size, spending bits where the music needs them; a constant bitrate gives a predictable size that some podcast hosts ask for.',
    },
  ],
});
