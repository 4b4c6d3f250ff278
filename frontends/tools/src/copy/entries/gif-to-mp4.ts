import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Convert to MP4',
  intro:
    'Turn a heavy animated GIF into a small MP4 that chat apps and phones play like a GIF: looping, silent, and often ten times lighter. Every frame keeps its own timing, so the animation moves exactly as before.',
  steps: [
    'Choose your GIF, or drop it on the page.',
    'Leave the quality as it is, or set it higher for crisper edges and a bigger file.',
    'Press "Convert to MP4" and download the video, or send it on to trim or resize it.',
  ],
  limits: [
    'Transparent parts become white, since MP4 has no transparency; the video has no sound track, so chat apps treat it as a GIF.',
    'An MP4 has no loop count: chat apps and most players loop a short silent video themselves. A GIF of a single frame gives a one-second still video.',
    'GIFs that play for more than 10 minutes are not converted.',
  ],
  faq: [
    {
      q: 'Why is the MP4 so much smaller than the GIF?',
      a: 'A GIF stores each frame as a picture of its own with 256 colours; a video stores only what changes from frame to frame, in full colour.',
    },
    {
      q: 'Will it loop in WhatsApp or Telegram?',
      a: 'Yes: a short MP4 without sound is shown there as a GIF, playing over and over. That is why no silent sound track is added.',
    },
  ],
};
