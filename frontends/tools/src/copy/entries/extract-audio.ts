import { AUDIO_COPY, audioConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

const copyText = audioConverter({
  from: 'video',
  to: 'audio',
  intro:
    'Save the sound of a video as its own audio file, MP3 by default or M4A, WAV, FLAC, OGG or Opus: a lecture to listen to, a song from a clip, a track for your editor.',
  faq: [
    {
      q: 'Which format keeps the sound exactly as it is in the video?',
      a: 'Most phone and camera videos have AAC sound: choose M4A. Web and screen recordings usually have Opus sound: choose Opus.',
    },
    { q: 'Is the sound re-encoded?', a: AUDIO_COPY('the codec of the format you pick', 'audio') },
  ],
});

export const copy: ToolCopy = {
  ...copyText,
  action: 'Extract the audio',
  steps: [
    'Choose your videos, up to 20 at once, or drop them on the page.',
    'Pick the audio format, and if you like a bitrate or VBR quality, the sample rate, channels and whether tags stay.',
    'Press "Extract the audio" and download each audio file, or all of them as a ZIP.',
  ],
};
