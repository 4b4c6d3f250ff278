import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Convert to WebM',
  intro:
    'Make a WebM of any video for a web page, a browser-based app or a site that asks for an open format. The picture is encoded as VP9 and the sound as Opus, which every modern browser plays, usually in a smaller file than the same quality in MP4.',
  steps: [
    'Choose the video (MP4, MOV, MKV, AVI and the other common formats), or drop it on the page.',
    'Leave the quality as it is for a clean picture at a modest size, or move it: higher keeps more detail and makes a bigger file.',
    'Press "Convert to WebM" and download the file, or send it on to another tool.',
  ],
  limits: [
    'The video is always encoded again, which takes about as long as the video plays on a normal server; long videos take a while.',
    'HDR video is brought to normal colours, a turned phone video comes out upright, and a video without sound gives a WebM without sound. Subtitles are dropped.',
  ],
  faq: [
    {
      q: 'Will a WebM play on an iPhone?',
      a: 'Safari on recent iPhones and Macs plays VP9 WebM, but some older Apple devices and many video editors do not. For a file that plays everywhere, keep the MP4.',
    },
    {
      q: 'What does the quality setting change?',
      a: 'It sets how much detail the encoder keeps. Around the default you will not see a difference on a normal screen; lower values make much smaller files that soften fine texture.',
    },
  ],
};
