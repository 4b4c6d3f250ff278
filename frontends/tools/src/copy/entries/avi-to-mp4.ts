import { videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'AVI',
  to: 'MP4',
  intro:
    'Give old camera clips, DVD rips and screen captures in AVI a modern format: the MP4 is usually much smaller and plays on phones and in browsers, which often refuse AVI.',
  faq: [
    {
      q: 'Why is the MP4 smaller than my AVI?',
      a: 'AVI files often hold old codecs such as MPEG-4 Part 2 or MJPEG; re-encoded as H.264 the same picture needs far fewer bytes.',
    },
    { q: 'Is the sound converted too?', a: 'Yes, to AAC, which every device plays.' },
  ],
});
