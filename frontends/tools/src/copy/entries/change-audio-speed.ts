import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Change the speed',
  intro:
    'Listen to a lecture at 1.5×, slow a guitar solo down to learn it, or fit a voice-over into a shorter slot. The tempo changes and the pitch stays the same, so voices do not turn into chipmunks or giants.',
  steps: [
    'Choose the audio file or drop it on the page.',
    'Set the speed: below 1 slows down (0.5 is half speed), above 1 speeds up (2 is twice as fast).',
    'Press "Change the speed" and download the result.',
  ],
  limits: ['From 0.25× to 4×. Slowing down makes the file longer: results over 4 hours are refused.'],
  faq: [
    {
      q: 'Why does very slow speech sound a bit metallic?',
      a: 'Keeping the pitch while stretching time repeats tiny pieces of the sound. Between 0.5× and 2× this is hard to hear; at the extremes it becomes noticeable.',
    },
    {
      q: 'How long will the new file be?',
      a: 'The original length divided by the speed: a 30-minute talk at 1.5× lasts 20 minutes.',
    },
  ],
};
