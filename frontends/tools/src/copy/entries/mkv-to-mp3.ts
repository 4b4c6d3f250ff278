import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MKV',
  to: 'MP3',
  intro:
    'Take the sound track out of Matroska videos as MP3, for a film score, a concert or a lecture you want to hear without the picture. Surround sound becomes stereo.',
  limits: ['Only the first sound track is taken; other languages and commentary tracks are left out.'],
  faq: [
    {
      q: 'My MKV has several languages. Which one do I get?',
      a: 'The first sound track of the file, usually the main language. Pick another track in a desktop player first if you need it.',
    },
  ],
});
