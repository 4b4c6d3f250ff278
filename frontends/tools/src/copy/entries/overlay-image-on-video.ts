import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Add the image',
  intro:
    'Put a picture on top of a video: a sticker, a title card, a photo in the corner or a price tag. Place it by tapping on the video, set its width and opacity, and show it for the whole clip or only between two times.',
  steps: [
    'Choose the video, then the image (JPG, PNG with transparency, WebP, GIF, BMP or TIFF).',
    "Tap the video where the image's top-left corner goes, or drag its box; set the width, opacity and, if you like, the times to show it.",
    'Press "Add the image" and download the MP4.',
  ],
  limits: [
    "The image's top-left corner must be inside the video.",
    'Transparent areas of a PNG stay transparent; an animated GIF shows its first frame.',
  ],
  faq: [
    {
      q: 'Is this the same as adding a logo?',
      a: 'Close. Add Logo or Watermark places a picture in a corner by percentage of the video width, which is easier for branding many videos; this tool places it anywhere, to the pixel, and for a chosen time.',
    },
    {
      q: 'Can the picture appear only for a few seconds?',
      a: 'Yes: set "Show from" and "Show until" in seconds. Leave them empty to show it the whole time.',
    },
  ],
};
