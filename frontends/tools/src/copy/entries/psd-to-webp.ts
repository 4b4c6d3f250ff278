import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'PSD',
  to: 'WebP',
  intro:
    'Share Photoshop designs as light WebP images that keep transparent areas, without opening Photoshop.',
  limits: ['The file needs its composite image: save PSDs with "Maximize Compatibility" on (the default).'],
  faq: [{ q: 'Are the layers kept?', a: 'No, the WebP is the whole design flattened into one picture.' }],
});
