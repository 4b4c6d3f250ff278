import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Trim the video',
  intro:
    'Cut a recording down to the part worth keeping: drop the warm-up at the start, the fumbling at the end, or pull one moment out of a long clip. You pick the start and the end on the timeline, watch just that part, and get an MP4 back.',
  steps: [
    'Choose the video (or drop it on the page). It plays right here while it uploads.',
    'Drag the two handles on the timeline to the first and last moment you want, or pause the video and press "Set start here" and "Set end here". "Play the part to keep" shows exactly what you will get.',
    'Press "Trim the video", then download the MP4 or send it straight to another tool.',
  ],
  limits: [
    'The end must lie after the start and within the video; times are in seconds, to a hundredth.',
    'The cut is re-encoded at the exact times you choose, so it starts on the frame you picked, not on the nearest keyframe.',
  ],
  faq: [
    {
      q: 'Does trimming lower the quality?',
      a: 'The kept part is encoded once more as H.264 at a high quality setting; on a normal screen you will not see a difference. The sound is kept.',
    },
    {
      q: 'Can I cut a piece out of the middle?',
      a: 'This tool keeps one continuous part. To remove a middle section, trim twice (before and after it) and put the two parts together with Join Videos.',
    },
    {
      q: 'My phone video is a MOV. Does that work?',
      a: 'Yes. MOV, MKV, WebM, AVI and the other common formats go in; what comes out is an MP4 that plays everywhere.',
    },
  ],
};
