import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Crop the video',
  intro:
    'Cut away the edges of a video: a black border, a desktop around the window you recorded, or everything but the face that matters. Drag the box over the picture to keep just that area.',
  steps: [
    'Choose the video. Its first frame appears with a crop box on it.',
    'Drag the box to move it and its corners to resize it (or focus it and use the arrow keys; + and − resize). The fields below show the exact pixels.',
    'Press "Crop the video" and download the MP4.',
  ],
  limits: ['The box must lie inside the frame; its sides are rounded to even pixels for the encoder.'],
  faq: [
    {
      q: 'Can I crop to a square or a vertical video?',
      a: 'Yes: make the box square or tall. The output is exactly the size of the box; use Resize Video afterwards if you need a particular resolution.',
    },
    {
      q: 'Is the sound kept?',
      a: 'Yes, cropping only changes the picture.',
    },
  ],
};
