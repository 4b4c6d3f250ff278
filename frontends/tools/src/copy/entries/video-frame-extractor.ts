import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Extract the frames',
  intro:
    'Save stills from a video as JPG or PNG: one every few seconds, at the exact times you list, or every single frame. You get the pictures one by one and all together in a ZIP.',
  steps: [
    'Choose the video.',
    'Choose which frames: every N seconds, at chosen times (e.g. 1, 2.5, 10), or all; and the picture format.',
    'Press "Extract the frames" and download the ZIP or single pictures.',
  ],
  limits: [
    'At most 1,000 frames per job; if your choice makes more, the message names the smallest interval that fits.',
    'Up to 500 listed times, each before the end of the video.',
  ],
  faq: [
    {
      q: 'JPG or PNG?',
      a: 'JPG gives small files that are right for sharing; PNG keeps every pixel exactly, which suits screenshots of text and further editing.',
    },
    {
      q: 'How do I find the time of a frame?',
      a: 'Play the video in any player and note the time shown when the frame you want is on screen.',
    },
  ],
};
