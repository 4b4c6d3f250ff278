import { firstFrame, imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'HEIC',
  to: 'JPG',
  intro:
    'Open iPhone photos anywhere: HEIC is what iPhones save by default, but Windows, Android, many websites and forms cannot read it. JPG works everywhere.',
  limits: [
    'The photo is turned the way it was taken, and location and camera data are removed.',
    firstFrame('A HEIF animation (image sequence)'),
  ],
  faq: [
    {
      q: 'Why are my iPhone photos HEIC?',
      a: 'iPhones save photos as HEIC to use about half the space of JPG. Settings → Camera → Formats → "Most Compatible" makes the camera save JPG instead.',
    },
    {
      q: 'Can I convert a whole album?',
      a: 'Up to 50 photos per run; you get each JPG and one ZIP with all of them.',
    },
  ],
});
