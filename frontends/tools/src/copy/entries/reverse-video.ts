import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Reverse the video',
  intro:
    'Play a clip backwards: people walking in reverse, a splash flying back into the glass, a rewind effect for a loop. The reversed video has no sound, because reversed audio is rarely what anyone wants.',
  steps: ['Choose the clip.', 'There is nothing to set.', 'Press "Reverse the video" and download the MP4.'],
  limits: [
    'The output has no audio stream.',
    'Reversing holds every frame in memory, so clips are limited: about 23 seconds of 1080p at 30 FPS, longer at lower resolutions, never over 10 minutes.',
  ],
  faq: [
    {
      q: 'Can I keep the sound?',
      a: 'No. Add music afterwards in your editor if the clip needs sound.',
    },
  ],
};
