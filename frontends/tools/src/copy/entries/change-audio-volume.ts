import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Change the volume',
  intro:
    'Make a quiet recording louder or a loud one quieter by a percentage: 200 % doubles the level, 50 % halves it. A limiter keeps the loudest peaks just under the maximum, so a boost does not crackle or distort.',
  steps: [
    'Choose the audio file or drop it on the page.',
    'Set the volume in percent and leave "Prevent clipping" on unless you want the raw gain.',
    'Press "Change the volume" and download the result.',
  ],
  limits: [
    'From 1 % to 1000 %. 100 % keeps the level as it is.',
    'With clipping prevention on, only the peaks that would go over the maximum are turned down; the result says when that happened.',
  ],
  faq: [
    {
      q: 'What is the difference between this and normalizing?',
      a: 'This tool applies the same change to the whole file, by the amount you choose. Normalize Audio measures the loudness first and sets it to a standard level, such as −14 LUFS for streaming.',
    },
    {
      q: 'Why does a big boost sound squashed?',
      a: 'When the peaks already reach the maximum, a large boost can only be made by turning the loudest moments down again. Try a smaller percentage, or normalize the loudness instead.',
    },
  ],
};
