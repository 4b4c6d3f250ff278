import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Make the GIF',
  intro:
    'Turn the best few seconds of a video into an animated GIF for a chat, a README or a slide. Pick the part on the timeline, set the frame rate and width, and the colours are chosen for your clip, so skies and faces do not band.',
  steps: [
    'Choose the video (or drop it on the page) and drag the two handles to the part you want, up to a minute.',
    'Set the frame rate, width, how often it loops and the dither, or give a size limit in MB and let the width and frame rate be lowered until it fits.',
    'Press "Make the GIF" and download it, or send it on to another tool.',
  ],
  limits: [
    'A GIF can be at most 60 seconds long, up to 30 frames per second and 1920 pixels wide; it is never made wider than the video or faster than its frame rate.',
    'A GIF has 256 colours and no sound: the sound is dropped, and HDR video is brought to normal colours first.',
    'With a size limit, the width goes down to 120 px and the frame rate to 5 FPS at most; if even that is too big, you are told the smallest size reached.',
  ],
  faq: [
    {
      q: 'Why is my GIF so much bigger than the video?',
      a: 'A GIF stores every frame as a picture of its own, while a video only stores what changes. Fewer frames per second, a smaller width or a shorter part make it much smaller; a size limit does this for you.',
    },
    {
      q: 'Which dither should I pick?',
      a: 'The default mixes the 256 colours smoothly and suits most clips. Bayer gives a fine regular pattern that often makes a smaller file, and none gives flat areas with visible bands, the smallest of all.',
    },
    {
      q: 'What does loop mean?',
      a: '0 plays the GIF over and over, as most GIFs do. Any other number is how many times it plays before it stops on its last frame.',
    },
  ],
};
