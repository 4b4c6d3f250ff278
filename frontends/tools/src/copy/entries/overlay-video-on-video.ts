import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Overlay the video',
  intro:
    'Make a picture-in-picture video: a webcam in the corner of a screen recording, a reaction over a clip, or a detail shot next to the wide view. Place the overlay by tapping on the base video.',
  steps: [
    'Choose the base video, then the video to put on top.',
    "Tap where the overlay's top-left corner goes (or drag its box), set its width and the second at which it starts.",
    'Press "Overlay the video" and download the MP4.',
  ],
  limits: [
    "The result is as long as the base video; the base video's sound is kept.",
    "The overlay's top-left corner must be inside the base video.",
  ],
  faq: [
    {
      q: 'What happens when the overlay is shorter than the base?',
      a: 'It plays once from its start time and disappears when it ends; the base video keeps playing.',
    },
  ],
};
