import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Combine the images',
  intro:
    'Lay one picture on top of another: a logo on a photo, a product on a background, a stamp on a document. Tap where it goes, set its width and opacity, and download one combined picture.',
  steps: [
    'Choose the base picture, then the one to put on top (a PNG with transparency blends best).',
    "Tap the base where the overlay's top-left corner goes or drag its box; set width and opacity.",
    'Press "Combine the images" and download the result.',
  ],
  limits: [
    "The overlay's top-left corner must be inside the base.",
    "The result keeps the base picture's format.",
  ],
  faq: [
    {
      q: 'Can the overlay be see-through?',
      a: 'Yes: lower the opacity. Transparent parts of a PNG overlay stay transparent at any opacity.',
    },
  ],
};
