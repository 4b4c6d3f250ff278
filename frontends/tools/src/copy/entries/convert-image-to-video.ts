import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Make the video',
  intro:
    'Turn photos into an MP4 slideshow: product shots, a trip, a portfolio. Put up to 50 pictures in order, choose 720p, 1080p or 4K and how long each one stays on screen.',
  steps: [
    'Choose the pictures (JPG, PNG, WebP, GIF, BMP or TIFF) and put them in order with the arrows.',
    'Choose the resolution and the seconds per picture.',
    'Press "Make the video" and download the MP4.',
  ],
  limits: [
    'Up to 50 pictures, 0.5 to 60 seconds each.',
    'Pictures of another shape are fitted with bars, never stretched. The video has no sound.',
  ],
  faq: [
    {
      q: 'Can I use iPhone photos (HEIC)?',
      a: 'Convert them to JPG first with HEIC to JPG (up to 50 at once), then use "Use in another tool" to bring each here.',
    },
  ],
};
