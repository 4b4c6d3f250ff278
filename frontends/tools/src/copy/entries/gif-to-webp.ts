import { ANIMATED_WEBP, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'GIF',
  to: 'WebP',
  intro:
    'Turn animated GIFs into animated WebP: the same motion, timing and loop, in a format every current browser plays and chat apps accept.',
  limits: [ANIMATED_WEBP],
  faq: [
    {
      q: 'Does the animation keep its speed and loop?',
      a: 'Yes: every frame keeps its own delay, and the loop count of the GIF (forever or a number of times) is kept.',
    },
    {
      q: 'Will the WebP be smaller than my GIF?',
      a: "Yes, with lossless on (the default): a GIF's few colours pack better without loss, about a third smaller in our tests. Turning lossless off to set a quality can give a file larger than a GIF that was already optimised.",
    },
  ],
});
