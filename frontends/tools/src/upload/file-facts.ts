import { describeFormat } from '@mediakit/catalog/mime';

/** "PNG · 1920 × 1080 · 12.5 s" from what the server read from the bytes. */
export function describeFacts(file: {
  mime: string;
  width?: number;
  height?: number;
  duration?: number;
  size?: number;
}): string {
  const parts = [file.mime === 'application/zip' ? 'ZIP' : describeFormat(file.mime)];
  if (file.width && file.height) parts.push(`${file.width} × ${file.height}`);
  if (file.duration) parts.push(formatDuration(file.duration));
  return parts.join(' · ');
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Number(seconds.toFixed(1))} s`;
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m} min ${s} s`;
}
