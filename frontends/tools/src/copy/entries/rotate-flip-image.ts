import { ANIMATION_KEPT } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Rotate the images',
  intro:
    'Turn sideways or upside-down photos the right way, or mirror them, for up to 50 pictures in one go. The pixels are turned for real, so every app shows them the same way.',
  steps: [
    'Choose the pictures.',
    'Pick the rotation (clockwise) and, if needed, a flip.',
    'Press "Rotate the images" and download them or the ZIP.',
  ],
  limits: [
    'Rotations in steps of 90 degrees.',
    'Up to 50 pictures per run; all get the same rotation.',
    ANIMATION_KEPT,
  ],
  faq: [
    {
      q: 'Why does my photo look rotated only in some apps?',
      a: 'Cameras often store a rotation note instead of turning the picture. The output here has the turn applied to the pixels and no note left, so it looks the same everywhere.',
    },
  ],
};
