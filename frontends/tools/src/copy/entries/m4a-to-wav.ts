import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'M4A',
  to: 'WAV',
  intro:
    'Open iPhone voice memos and M4A songs in any audio editor or transcription tool: they become plain WAV files, with the sample rate and channels you choose.',
  faq: [
    {
      q: 'Which sample rate suits speech recognition?',
      a: '16000 Hz mono is what most transcription services expect, and makes the file much smaller.',
    },
  ],
});
