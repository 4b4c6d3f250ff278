import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Make the PAN photo',
  intro:
    "Get a photo that passes the PAN card application's checks: cropped to the 25:35 shape, resized to 197 × 276 pixels at 200 DPI, a JPG under 20 KB. Move the locked crop box over your face and the rest is done for you.",
  steps: [
    'Choose a clear, front-facing photo on a light background (a phone photo is fine).',
    'Drag the 25:35 box so your head and shoulders are inside, face in the middle; resize it from a corner (the shape stays locked).',
    'Press "Make the PAN photo" and download the JPG for the form.',
  ],
  limits: [
    'Output: JPEG, 197 × 276 pixels, 200 DPI, under 20 KB.',
    'Without moving the box, a centered 25:35 crop is used.',
  ],
  faq: [
    {
      q: 'Which size does the PAN form want?',
      a: 'The online PAN application asks for a photo 2.5 cm wide and 3.5 cm high, as a JPEG under 20 KB at 200 DPI; that is 197 × 276 pixels, which this tool makes.',
    },
    {
      q: 'My photo is in landscape. Does that work?',
      a: 'Yes: the box picks a portrait 25:35 part out of it; move it over your face.',
    },
  ],
};
