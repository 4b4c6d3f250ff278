import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MP3',
  to: 'Opus',
  intro:
    'Get the smallest files that still sound good: Opus at 64 kb/s is about as clear as MP3 at 128, ideal for voice messages, audiobooks and podcasts.',
  limits: ['Opus plays at 8, 16, 24 or 48 kHz; other sample rates are refused with a message.'],
  faq: [
    {
      q: 'Why can I not pick 44100 Hz for Opus?',
      a: 'Opus has no 44.1 kHz mode. Leave the sample rate empty and 48 kHz is used, which every player handles.',
    },
  ],
});
