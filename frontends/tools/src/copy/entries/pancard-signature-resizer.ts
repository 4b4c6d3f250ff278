import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Make the signature',
  intro:
    'Prepare a scanned or photographed signature for the PAN card application: fitted into 354 × 157 pixels at 200 DPI and under 20 KB, on white (JPG) or on a transparent background (PNG).',
  steps: [
    'Sign on plain white paper, photograph or scan it, and choose the picture.',
    'Choose a white background (a JPG, what most forms want) or transparent (a PNG).',
    'Press "Make the signature" and download it for the form.',
  ],
  limits: ['Output fits 354 × 157 pixels, 200 DPI, under 20 KB.'],
  faq: [
    {
      q: 'My signature photo has shadows. What helps?',
      a: 'Photograph it in daylight without flash, with the paper filling the frame; crop it tight with Crop Image first if there is a lot around it.',
    },
  ],
};
