import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Join the audio files',
  intro:
    'Put songs, interview parts or voice notes together into a single file, in the order you choose. Play them back to back or let each one blend into the next with a crossfade, like a DJ mix.',
  steps: [
    'Choose 2 to 20 audio files and put them in the order they should play.',
    'Leave the crossfade at 0 for back-to-back joins, or set how many seconds each file blends into the next.',
    'Press "Join the audio files" and download the joined track.',
  ],
  limits: [
    'Files with different sample rates or channels are converted to one: the first file’s, or stereo 48 kHz when they differ.',
    'A crossfade must be shorter than every file it blends; the joined result may last at most 4 hours.',
  ],
  faq: [
    {
      q: 'Can I join an MP3 with a WAV or a phone recording?',
      a: 'Yes. Any mix of the accepted audio formats works; they are converted to one sample rate and channel layout before joining.',
    },
    {
      q: 'How long is the result with a crossfade?',
      a: 'The sum of the files minus one crossfade for each join, because the end of one file plays over the start of the next.',
    },
  ],
};
