import { ANIMATION_KEPT } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Crop the image',
  intro:
    'Cut a picture down to the part you need: a face for a profile photo, a product without the background clutter, a detail from a screenshot. Drag a box over the picture, or type the exact pixels.',
  steps: [
    'Choose the picture. It appears with a crop box on it.',
    'Drag the box and its corners (or focus it and use the arrow keys; + and − resize). The fields show the exact position and size.',
    'Press "Crop the image" and download the result.',
  ],
  limits: [
    "The box must lie inside the picture, measured in its displayed pixels (after the camera's rotation).",
    'The format is kept; HEIC photos come out as JPEG (PNG if transparent), BMP, ICO, PSD and SVG as PNG.',
    ANIMATION_KEPT,
  ],
  faq: [
    {
      q: 'Can I crop to an exact ratio like 1:1 or 16:9?',
      a: 'Type the width and height that give the ratio (for example 1080 and 1080), then move the box into place. For a PAN card photo use the PAN Card Photo Resizer, which locks 25:35 for you.',
    },
    {
      q: 'Does cropping reduce quality?',
      a: 'The kept pixels are not changed; JPEG pictures are saved once more at a high quality.',
    },
  ],
};
