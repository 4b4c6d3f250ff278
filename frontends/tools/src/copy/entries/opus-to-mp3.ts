import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'Opus',
  to: 'MP3',
  intro:
    'Turn WhatsApp and Telegram voice messages and other Opus recordings into MP3 that every phone, computer and editor opens. OGG files holding Opus are taken too.',
  faq: [
    {
      q: 'How do I get a WhatsApp voice message out of the app?',
      a: 'Share or export it from the chat as a file (it usually ends in .opus or .ogg), then drop it here.',
    },
  ],
});
