/**
 * The user's upload name without its folder or extension, for naming downloads
 * ("holiday.webm" → "holiday"). Never used for paths on disk: outputs are written under fixed names.
 */
export function baseName(uploadName: string, fallback = 'video'): string {
  const last = uploadName.split(/[\\/]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const stem = dot > 0 ? last.slice(0, dot) : last;
  // Control characters would break Content-Disposition headers and terminals.
  const clean = stem.replace(/\p{Cc}/gu, '').trim();
  return /^\.*$/.test(clean) ? fallback : clean;
}
