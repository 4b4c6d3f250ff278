import { AUDIO_COPY, audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

const copyText = audioConverter({
  from: 'audio or video',
  to: 'the chosen format',
  intro:
    'Convert any audio file, or the sound of a video, to MP3, M4A, WAV, FLAC, OGG or Opus, choosing the bitrate or VBR quality, the sample rate, mono or stereo, and whether tags stay.',
  limits: ['Bitrate and VBR apply to MP3, M4A, OGG and Opus; WAV and FLAC are lossless.'],
  faq: [
    {
      q: 'Which format should I pick?',
      a: 'MP3 plays everywhere; M4A suits Apple devices; Opus is smallest for speech; FLAC keeps every sample; WAV is for editors.',
    },
    { q: 'Does converting an M4A to M4A lose quality?', a: AUDIO_COPY('AAC', 'M4A') },
  ],
});

export const copy: ToolCopy = {
  ...copyText,
  action: 'Convert the audio',
  steps: [
    'Choose your audio or video files, up to 20 at once, or drop them on the page.',
    'Pick the output format, then a bitrate or VBR quality (for MP3, M4A, OGG, Opus), the sample rate, channels and tags, or leave them for good defaults.',
    'Press "Convert the audio" and download each file, or all of them as a ZIP.',
  ],
};
