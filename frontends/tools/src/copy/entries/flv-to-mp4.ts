import { videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'FLV',
  to: 'MP4',
  intro:
    'Rescue old Flash videos: browsers stopped playing FLV years ago, but as MP4 they play again everywhere.',
  faq: [
    {
      q: 'Why do my old FLV files not play any more?',
      a: "FLV was made for the Flash player, which browsers removed in 2020. The video inside is still fine; it just needs a format today's players read.",
    },
  ],
});
