import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Trim the audio',
  intro:
    'Keep just the part of a song, voice memo or podcast episode you need: cut the silence before the first word, the chatter after the last note, or pull a ringtone out of a whole track. The cut lands on the exact sample you choose.',
  steps: [
    'Choose the audio file (MP3, M4A, WAV, FLAC, OGG, Opus and more) or drop it on the page.',
    'Set where the part you keep starts and ends, in seconds, and listen to the selection before you cut.',
    'Press "Trim the audio" and download the result, in the same format as your file or another you pick.',
  ],
  limits: [
    'The end must come after the start and within the file; times are in seconds.',
    'Lossy formats (MP3, M4A, OGG, Opus) are encoded once more at about the bitrate of your file; WAV and FLAC stay lossless.',
  ],
  faq: [
    {
      q: 'Will the cut click or start a little late?',
      a: 'No. The file is decoded and cut at the exact sample, not at the nearest block of the compressed stream, so the kept part starts where you set it.',
    },
    {
      q: 'Are the song title and artist kept?',
      a: 'Yes. Title, artist, album and, where the format holds one, the cover picture are copied to the trimmed file.',
    },
  ],
};
