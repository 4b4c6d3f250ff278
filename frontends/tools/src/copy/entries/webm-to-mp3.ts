import { audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'WebM',
  to: 'MP3',
  intro:
    'Turn the sound of WebM web downloads and screen recordings into MP3: a recorded call, a webinar or a browser capture you want to listen to on the go.',
  faq: [
    {
      q: 'My screen recording has no microphone sound. Why does it fail?',
      a: 'A recording made without sound has nothing to convert, and the converter says so instead of giving you a silent file.',
    },
  ],
});
