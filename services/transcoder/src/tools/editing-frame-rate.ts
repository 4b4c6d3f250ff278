/**
 * NTSC rates are really 24000/1001, 30000/1001 and 60000/1001; MediaInfo and users write them as
 * 23.976, 29.97 and 59.94. Passing the decimal would give 2997/100, a rate no camera or player uses,
 * and a timestamp drift of 0.001 % against the real one.
 */
const NTSC_RATES = [24000, 30000, 48000, 60000, 120000].map((n) => ({ value: n / 1001, text: `${n}/1001` }));

/** A frame rate as ffmpeg's `fps` filter takes it: "25", "12.5", or the exact NTSC rational. */
export function frameRateArg(fps: number): string {
  const ntsc = NTSC_RATES.find((r) => Math.abs(fps - r.value) < 0.005);
  if (ntsc) return ntsc.text;
  return String(Math.round(fps * 1000) / 1000);
}
