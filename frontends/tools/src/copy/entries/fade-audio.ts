import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Add the fades',
  intro:
    'Give a song, jingle or recording a soft start and a clean ending: the sound rises from silence over the first seconds and dies away over the last ones, ending exactly where the file ends.',
  steps: [
    'Choose the audio file or drop it on the page.',
    'Set the length of the fade-in and the fade-out in seconds; 0 leaves that end as it is.',
    'Press "Add the fades" and download the result.',
  ],
  limits: ['Each fade lasts up to 60 seconds, and both together at most the length of the file.'],
  faq: [
    {
      q: 'Can I fade only the ending?',
      a: 'Yes. Set the fade-in to 0 and only the end fades out.',
    },
    {
      q: 'Does a fade change the rest of the track?',
      a: 'No. Between the two fades the sound is left at its level; only the format may be encoded again if you pick a lossy one.',
    },
  ],
};
