import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Change the frame rate',
  intro:
    'Convert a video to another frame rate: 60 to 30 FPS for a smaller file, 24 for a film look, or 25 / 30 to match the rest of a project.',
  steps: [
    'Choose the video. Its current frame rate shows once it is uploaded.',
    'Set the new frame rate (1 to 120 FPS).',
    'Press "Change the frame rate" and download the MP4.',
  ],
  limits: [
    'Raising the frame rate repeats frames; it does not make motion smoother.',
    'The length and the sound stay the same.',
  ],
  faq: [
    {
      q: 'Will this make my video slow motion?',
      a: 'No, the video plays at the same speed with more or fewer frames per second. For slow motion use Speed Up or Slow Down Video.',
    },
  ],
};
