import { videoConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = videoConverter({
  from: 'WebM',
  to: 'MP4',
  intro:
    'Make web downloads and screen recordings (Chrome, OBS and many recorders save WebM) play on iPhones and in editors that only take MP4.',
  limits: ['WebM video (VP8, VP9, AV1) is always re-encoded to H.264, so a long recording takes a while.'],
  faq: [
    {
      q: 'Why does converting WebM take longer than MOV?',
      a: 'WebM uses VP8, VP9 or AV1 video, which MP4 players do not take, so the picture has to be encoded again as H.264.',
    },
  ],
});
