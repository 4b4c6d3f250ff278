import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'SVG',
  to: 'WebP',
  intro:
    'Render SVG logos and illustrations as WebP images for places that do not take vector files, with the transparent background kept.',
  limits: [
    'The SVG is drawn at its own size; scripts, external links and embedded files are refused for safety.',
  ],
  faq: [
    {
      q: 'Which size will the WebP have?',
      a: 'The width and height written in the SVG; resize it afterwards if you need another size.',
    },
  ],
});
