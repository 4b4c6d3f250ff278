import { firstFrame, imageConverter, WHITE } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'PNG',
  to: 'JPG',
  intro:
    'Turn PNG images into much smaller JPGs for email, websites and forms that only take JPG. Ideal for photos and screenshots saved as PNG.',
  limits: [WHITE, firstFrame('An animated PNG (APNG)')],
  faq: [
    {
      q: 'How much smaller will my files get?',
      a: 'For photos, often 5 to 10 times smaller. Screenshots with sharp text stay crisper at a quality of 90 or more.',
    },
    {
      q: 'My logo has a transparent background. What happens?',
      a: `${WHITE} Use a PNG-to-PNG tool such as Resize Image to keep it.`,
    },
  ],
});
