import { firstFrame, imageConverter, WHITE } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'GIF',
  to: 'JPG',
  intro: 'Get a still picture from a GIF as a JPG for documents, thumbnails and apps that do not take GIF.',
  limits: [firstFrame('An animated GIF'), WHITE],
  faq: [
    {
      q: 'Can I get all frames of an animated GIF?',
      a: 'Not here: each GIF gives its first frame. Converting the GIF to a video first and using Extract Frames from Video gives every frame.',
    },
  ],
});
