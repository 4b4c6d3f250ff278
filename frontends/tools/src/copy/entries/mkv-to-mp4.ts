import { REMUX, videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'MKV',
  to: 'MP4',
  intro:
    'Make Matroska videos play on TVs, phones, game consoles and in editors that do not take MKV. Often only the container changes, which takes seconds.',
  faq: [
    { q: 'Is this lossless?', a: REMUX },
    {
      q: 'What happens to extra audio tracks and subtitles?',
      a: 'The first audio track is kept; other tracks and subtitles are dropped, because MP4 players would mostly ignore them.',
    },
  ],
});
