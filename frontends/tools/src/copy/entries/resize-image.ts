import { ANIMATION_KEPT } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Resize the images',
  intro:
    'Make pictures an exact size for a website, a shop listing or a form that only takes small images, up to 50 at once. Give a width, a height or both; the aspect ratio is kept unless you ask otherwise.',
  steps: [
    "Choose the pictures (or drop a whole folder's worth, up to 50).",
    'Type the width and/or height in pixels and choose how they fit. "Inside" keeps the shape and never enlarges.',
    'Press "Resize the images" and download them one by one or as a ZIP.',
  ],
  limits: [
    'Each picture keeps its format; HEIC photos come out as JPEG (PNG if transparent), BMP, ICO, PSD and SVG as PNG.',
    'Up to 50 pictures per run.',
    ANIMATION_KEPT,
    'Or pick an output format: JPG, PNG, WebP or AVIF. WebP keeps an animation moving; JPG, PNG and AVIF take its first frame.',
  ],
  faq: [
    {
      q: 'What do the fit options do?',
      a: 'Inside fits the picture within the size, keeping its shape. Contain makes it exactly that size with bars. Cover fills the size and crops the rest. Fill stretches it to the size.',
    },
    {
      q: "Does it remove the photo's location data?",
      a: 'Yes: outputs carry no EXIF, GPS or camera data, and the picture is turned the way it was shot.',
    },
  ],
};
