import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Loop the video',
  intro:
    'Repeat a short clip back to back, 2 to 50 times, and get it as one file: for backgrounds, GIF-like memes, or a product shot that needs to run for a while.',
  steps: [
    'Choose the clip.',
    'Set how many times it plays in total.',
    'Press "Loop the video" and download the MP4.',
  ],
  limits: [
    '2 to 50 plays; the sound loops with the picture.',
    'The result is as long as the clip times the count (at most 4 hours).',
  ],
  faq: [
    {
      q: 'Is there a jump where it starts again?',
      a: 'The clip is repeated exactly as it is. For a seamless loop, the last frame should match the first; Trim Video helps you find that point.',
    },
  ],
};
