import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'AAC',
  to: 'MP3',
  intro:
    'Turn raw .aac streams, saved from radio streams, recorders and some apps, into MP3 files that every player, editor and car radio takes.',
  faq: [
    {
      q: 'Is an .aac file not the same as M4A?',
      a: 'It holds the same kind of sound, but without the M4A wrapper, so many players cannot seek in it or show its length.',
    },
  ],
});
