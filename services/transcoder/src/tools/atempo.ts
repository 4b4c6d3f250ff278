/** Speed changes that keep the pitch, shared by speed-up-down-video and change-audio-speed. */

/** 0.1 + 0.2 → "0.3": factors as filter arguments and file names, at most 4 decimals. */
export function formatFactor(n: number): string {
  return String(Math.round(n * 10_000) / 10_000);
}

/**
 * atempo changes speed and keeps pitch, and sounds cleanest within 0.5..2 per stage, so larger
 * changes are chained: 4 → atempo=2,atempo=2; 0.25 → atempo=0.5,atempo=0.5; 3 → atempo=2,atempo=1.5.
 */
export function atempoChain(factor: number): string[] {
  const stages: number[] = [];
  let rest = factor;
  while (rest > 2) {
    stages.push(2);
    rest /= 2;
  }
  while (rest < 0.5) {
    stages.push(0.5);
    rest /= 0.5;
  }
  if (rest !== 1 || stages.length === 0) stages.push(rest);
  return stages.map((s) => `atempo=${formatFactor(s)}`);
}
