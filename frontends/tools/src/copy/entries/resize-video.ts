import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Resize the video',
  intro:
    'Change the width and height of a video for a platform, a slide or an older device. Decide what happens when the shape changes: add bars, crop to fill, or stretch.',
  steps: [
    'Choose the video. Its current size shows once it is uploaded, and the fields start from it.',
    'Type the new width and height in pixels (even numbers, 16 to 7680) and choose how it fits.',
    'Press "Resize the video" and download the MP4.',
  ],
  limits: [
    'Width and height must be even numbers: H.264 video needs them.',
    'Making a small video larger does not add detail.',
  ],
  faq: [
    {
      q: 'What is the difference between contain, cover and fill?',
      a: 'Contain keeps the whole picture and adds black bars where the shapes differ. Cover fills the new size and crops what sticks out. Fill stretches the picture to the new size, which distorts it when the shapes differ.',
    },
    {
      q: 'What size for Instagram or TikTok?',
      a: '1080 × 1920 for vertical stories and reels, 1080 × 1080 for square posts, 1920 × 1080 for landscape video.',
    },
  ],
};
