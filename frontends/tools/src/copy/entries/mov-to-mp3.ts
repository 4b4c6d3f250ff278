import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MOV',
  to: 'MP3',
  intro:
    'Save the sound of iPhone and QuickTime videos as MP3, for a voice note, a rehearsal or a birthday song you want to keep without the picture. 3GP clips from older phones work too.',
  faq: [
    {
      q: 'My iPhone video was filmed with Spatial Audio. What do I get?',
      a: 'Sound with more than two channels is mixed down to stereo, which every MP3 player plays.',
    },
  ],
});
