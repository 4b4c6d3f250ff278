/**
 * Download names for outputs. The uploaded name is only used for display, never as a path: outputs are
 * written under index-based paths in `outDir`, so a hostile name cannot escape it or collide on disk.
 */

/** "holiday photo.final.PNG" → "holiday photo.final"; also drops any folder part and control characters. */
export function baseName(uploadedName: string): string {
  const lastSegment = uploadedName.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = lastSegment.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const dot = clean.lastIndexOf('.');
  const stem = dot > 0 ? clean.slice(0, dot) : clean;
  return stem || 'image';
}

/**
 * Make names unique within one job (two inputs named "photo.png" give "photo.jpg" and "photo-2.jpg"),
 * so the job's ZIP archive does not hold two entries with one name.
 */
export function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  if (taken.has(name.toLowerCase())) {
    const dot = wanted.lastIndexOf('.');
    const stem = dot > 0 ? wanted.slice(0, dot) : wanted;
    const ext = dot > 0 ? wanted.slice(dot) : '';
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${ext}`;
  }
  taken.add(name.toLowerCase());
  return name;
}
