import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Make it transparent',
  intro:
    'Make a picture see-through, from barely visible to solid, for watermarks, layered designs and slides. You get a PNG with a real alpha channel, up to 50 pictures at once.',
  steps: [
    'Choose the pictures.',
    'Set the opacity: 0 % is invisible, 100 % unchanged; 50 % is half see-through.',
    'Press "Make it transparent" and download the PNGs.',
  ],
  limits: [
    'Output is always PNG, since JPEG cannot be transparent.',
    'Parts that were already transparent stay at least as transparent.',
  ],
  faq: [
    {
      q: 'Does this remove the background?',
      a: 'No, it makes the whole picture evenly see-through. Areas already transparent in the original stay transparent.',
    },
  ],
};
