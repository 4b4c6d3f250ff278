import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Convert to WebM',
  intro:
    'Turn an MP4 into a WebM for a web page or a platform that wants an open format. The result holds VP9 video and Opus sound, which Chrome, Firefox, Edge and recent Safari play, often in a smaller file than the MP4.',
  steps: [
    'Choose your MP4 video, or drop it on the page.',
    'Leave the quality as it is, or set it higher for more detail and a bigger file.',
    'Press "Convert to WebM" and download the WebM, or send it on to another tool.',
  ],
  limits: [
    'The picture and the sound are always encoded again (WebM cannot hold H.264 or AAC), so a long video takes a while.',
    'Only the first video and audio track are kept; surround sound is mixed down to stereo.',
  ],
  faq: [
    {
      q: 'Is WebM smaller than MP4?',
      a: 'At the same visible quality, VP9 usually needs less space than the H.264 inside most MP4 files. A video that was already squeezed hard may not get smaller.',
    },
  ],
};
