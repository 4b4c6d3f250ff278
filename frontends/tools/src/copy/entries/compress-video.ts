import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Compress the video',
  intro:
    'Make a video small enough for an email attachment, a chat app or an upload form. Choose how hard to compress, or type the size the file must fit into and let the encoder aim for it.',
  steps: [
    'Choose the video you want to shrink.',
    'Pick a level (low keeps the most detail, high gives the smallest file) or switch to "To a target size" and give the size in MB, for example 24 for a 25 MB email limit.',
    'Press "Compress the video" and download the smaller MP4.',
  ],
  limits: [
    'A target size is a goal for the whole file, sound included; a very small target for a long video gives a blurry picture.',
    'A video that is already heavily compressed may not get much smaller.',
  ],
  faq: [
    {
      q: 'Which level should I pick?',
      a: 'Medium is a good start: it usually halves a phone video with no visible loss. Use high when the size matters more than the picture, low when you only need a little off.',
    },
    {
      q: 'Why is the result bigger than my target?',
      a: 'Sound and the container take some room of their own; the encoder aims for your number and usually lands just under it. Give a slightly smaller target if you have a hard limit.',
    },
  ],
};
