import { AUDIO_COPY, audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = audioConverter({
  from: 'MP4',
  to: 'MP3',
  intro:
    'Keep only the sound of an MP4 video as an MP3: a talk, a concert clip or a music video becomes a song or a podcast episode for any player. M4A files are taken too.',
  faq: [
    {
      q: 'Which bitrate should I choose for music?',
      a: '192 kb/s or the high VBR quality sounds like the original to most ears; 128 kb/s is enough for speech.',
    },
    { q: 'Does an MP4 with MP3 sound lose quality?', a: AUDIO_COPY('MP3', 'MP3') },
  ],
});
