import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Add the logo',
  intro:
    "Brand your videos with your own logo: pick a corner or the center, set the size as a share of the video's width, the opacity and the distance from the edge. We never add a watermark of our own.",
  steps: [
    'Choose the video, then your logo (a PNG with a transparent background looks best).',
    'Tap the spot on the video where the logo goes and set its size, opacity and margin.',
    'Press "Add the logo" and download the MP4.',
  ],
  limits: ["The logo's size is 5 to 50 % of the video's width, so it looks the same on every resolution."],
  faq: [
    {
      q: 'Will there be a Mediakit watermark too?',
      a: 'No. Nothing of ours is ever added to your files, on any plan.',
    },
    {
      q: 'How do I make the logo subtle?',
      a: 'Set the opacity to 40–60 % and the size to about 10 %: visible, but it does not pull attention from the video.',
    },
  ],
};
