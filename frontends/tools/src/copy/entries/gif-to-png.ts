import { firstFrame, imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'GIF',
  to: 'PNG',
  intro:
    'Turn a GIF into a PNG with its transparency kept: for stickers, icons and graphics that need a clean edge.',
  limits: [firstFrame('An animated GIF')],
  faq: [
    {
      q: 'Is the transparency kept?',
      a: "Yes, PNG keeps the GIF's transparent areas.",
    },
  ],
});
