import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'SVG',
  to: 'AVIF',
  intro:
    'Turn vector graphics into small AVIF pictures with a transparent background, for pages and apps that want a bitmap.',
  limits: [
    'The SVG is drawn at its own size; scripts, external links and embedded files are refused for safety.',
  ],
  faq: [
    {
      q: 'Why was my SVG refused?',
      a: 'It loads something from outside the file or runs a script; save it again with images and fonts embedded.',
    },
  ],
});
