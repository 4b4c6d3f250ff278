import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Normalize the loudness',
  intro:
    'Bring a recording to the loudness streaming services, podcast apps and broadcasters expect. The whole file is measured first (EBU R128), then adjusted in a second pass to the target, with a true-peak limit so nothing clips after encoding.',
  steps: [
    'Choose the audio file or drop it on the page.',
    'Pick a target: streaming (−14 LUFS), podcast (−16 LUFS), broadcast (−23 LUFS), or your own value, and the true-peak limit.',
    'Press "Normalize the loudness" and download the result at its new level.',
  ],
  limits: [
    'Targets from −40 to −5 LUFS; true-peak limit from −9 to 0 dBTP (default −1).',
    'A file that is almost silent is refused rather than having its background noise blown up.',
    'The sample rate of your file is kept.',
  ],
  faq: [
    {
      q: 'Which target should I choose?',
      a: 'Music for Spotify, YouTube or Apple Music: −14 LUFS. Podcasts and spoken word: −16 LUFS. Radio and TV in Europe follow EBU R128 at −23 LUFS.',
    },
    {
      q: 'Does normalizing change the dynamics of my mix?',
      a: 'Where it can, the whole file is turned up or down by one amount, so quiet and loud parts keep their balance. Only when the target would push peaks past the limit are the loudest moments gently held back.',
    },
  ],
};
