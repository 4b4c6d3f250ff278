import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Change the speed',
  intro:
    'Speed up a long screen recording or slow down a moment worth seeing twice. The sound changes speed with the picture but keeps its natural pitch, so voices do not turn into chipmunks.',
  steps: [
    'Choose the video.',
    'Set the speed: 2× plays twice as fast, 0.5× at half speed (0.25× to 4×).',
    'Press "Change the speed" and download the MP4.',
  ],
  limits: [
    'Speeds from 0.25× to 4×.',
    'Slowing down repeats frames; it does not invent new in-between frames.',
  ],
  faq: [
    {
      q: 'Does the video get shorter?',
      a: 'Yes: at 2× a 10-minute video lasts 5 minutes; at 0.5× it lasts 20.',
    },
    {
      q: 'Can I remove the sound?',
      a: 'Not with this tool. Reverse Video gives a silent result, and Convert Images to Video makes silent clips.',
    },
  ],
};
