import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Create the video',
  intro:
    'Stack your clip over gameplay, slime or satisfying footage in a vertical 1080 × 1920 video for TikTok, Reels and Shorts, with an optional caption. The background is cropped to fill its half, looped and muted; the sound comes from your clip.',
  steps: [
    'Choose your main clip, then the background video.',
    'Choose whether your clip goes on top or at the bottom and type a caption if you want one (up to 120 characters).',
    'Press "Create the video" and download the vertical MP4.',
  ],
  limits: [
    'The result is as long as your main clip; a shorter background loops.',
    'Output is always 1080 × 1920.',
  ],
  faq: [
    {
      q: 'Why two videos in one?',
      a: 'The moving background keeps people watching on short-video apps; your clip carries the content and the sound.',
    },
  ],
};
