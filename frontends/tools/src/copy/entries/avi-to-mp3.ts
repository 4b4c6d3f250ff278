import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'AVI',
  to: 'MP3',
  intro:
    'Save the sound of old camera clips, DVD rips and AVI downloads as MP3. When the AVI already holds MP3 sound, it is taken out as it is, without any loss.',
  faq: [
    {
      q: 'Is the sound of an old camera AVI good enough for MP3?',
      a: 'Yes. Old cameras record mono or plain stereo sound, which MP3 keeps well; choose mono to make the file half as large.',
    },
  ],
});
