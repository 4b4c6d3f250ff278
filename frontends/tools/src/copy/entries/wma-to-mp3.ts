import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'WMA',
  to: 'MP3',
  intro:
    'Free music ripped with Windows Media Player as WMA for Macs, iPhones and any player: each file becomes an MP3, with its title and artist.',
  limits: ['WMA files with copy protection (from old online music shops) cannot be converted.'],
  faq: [
    {
      q: 'Why do my old WMA songs not play on my phone?',
      a: 'WMA is a Windows format most phones and Macs never supported; MP3 plays everywhere.',
    },
  ],
});
