/** What a `Range` header asks of an object of a given size (RFC 9110 §14). */
export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * Parses `bytes=a-b`, `bytes=a-` and `bytes=-n`. A missing or malformed header, and a request
 * for several ranges (which would need multipart/byteranges), get the whole object: RFC 9110
 * lets a server ignore Range, and downloaders and video players ask for one range anyway.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const specs = match[1].split(',').map((s) => s.trim());
  if (specs.length !== 1) return { kind: 'whole' };
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'whole' };

  if (spec[1] === '') {
    // Suffix: the last n bytes.
    const length = Number(spec[2]);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (spec[2] !== '' && Number(spec[2]) < start) return { kind: 'whole' }; // invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
