import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Rotate the video',
  intro:
    'Fix a video that was filmed sideways or upside down, or mirror a selfie recording so text reads the right way. The picture is turned for real, so it plays the right way up in every player.',
  steps: [
    'Choose the video.',
    'Pick the rotation clockwise (90° turns a sideways phone video upright) and, if needed, a flip.',
    'Press "Rotate the video" and download the MP4.',
  ],
  limits: ['Rotations are in steps of 90 degrees.'],
  faq: [
    {
      q: 'My video looks fine on my phone but sideways on my computer. Why?',
      a: 'Phones often store a "rotate when playing" note instead of turning the picture; some players ignore it. This tool turns the picture itself, so every player shows it the same way.',
    },
    {
      q: 'Which way is 90 degrees?',
      a: 'Clockwise. If the top of the picture is on the left, choose 90; if it is on the right, choose 270.',
    },
  ],
};
