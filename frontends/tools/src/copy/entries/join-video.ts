import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Join the videos',
  intro:
    'Put 2 to 20 clips together into one MP4, in the order you set, even when they come from different cameras with different sizes and formats.',
  steps: [
    'Choose the clips (or drop them all at once). Use the arrows to put them in order.',
    "Leave the resolution empty to use the first clip's size, or type one such as 1920x1080.",
    'Press "Join the videos" and download the combined MP4.',
  ],
  limits: [
    '2 to 20 clips.',
    'Clips of another shape get black bars so nothing is stretched; clips without sound get silence.',
  ],
  faq: [
    {
      q: 'Can I add a transition between clips?',
      a: 'No, clips follow each other directly. Trim the clips first if they start or end with something you do not want.',
    },
    {
      q: 'The clips have different frame rates. Is that a problem?',
      a: 'No, they are brought to one frame rate while joining.',
    },
  ],
};
