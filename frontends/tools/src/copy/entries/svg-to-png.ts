import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'SVG',
  to: 'PNG',
  intro: 'Render vector graphics as PNG with a transparent background: logos and icons ready for any app.',
  limits: [
    'The SVG is drawn at its own size.',
    'Scripts, external links and embedded files inside an SVG are refused for safety.',
  ],
  faq: [{ q: 'Is the background transparent?', a: 'Yes, wherever the SVG draws nothing.' }],
});
