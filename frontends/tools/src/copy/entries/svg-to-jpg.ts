import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'SVG',
  to: 'JPG',
  intro:
    'Render vector graphics (logos, icons, diagrams) as a JPG picture for documents, slides and places that do not take SVG.',
  limits: [
    'The SVG is drawn at its own size, on white.',
    'Scripts, external links and embedded files inside an SVG are refused for safety.',
  ],
  faq: [
    {
      q: 'Can I get a bigger picture from my SVG?',
      a: 'The SVG is drawn at the size written in it; resize the JPG afterwards with Resize Image, or set a larger width and height in the SVG.',
    },
  ],
});
