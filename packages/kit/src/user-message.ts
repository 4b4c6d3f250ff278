/**
 * What a user must never read in an error message: raw tool output ("[mov,mp4 @ 0x55…]"), memory
 * addresses, or paths of our machines (temp dirs, job dirs). Such text belongs in the job's log.
 */
const RAW_TOOL_TEXT: readonly RegExp[] = [
  /@ 0x[0-9a-f]+/i,
  /\[[\w,.:-]+ @/,
  /(^|\s)\[[a-z][\w,:-]*\] /,
  /\b0x[0-9a-f]{6,}\b/i,
  /(^|[\s'"(=:])\/(tmp|work|var|home|root|usr|proc|dev|etc|srv|opt|mnt|app|data|run)\//,
  /\bmk-\d+-/,
  /[A-Za-z]:\\/,
];

/** True when the message holds raw tool text, an address or a path (see RAW_TOOL_TEXT). */
export function hasRawToolText(message: string): boolean {
  return RAW_TOOL_TEXT.some((re) => re.test(message));
}

/**
 * The message if a person can read it, else the fallback: a last line of defence where messages
 * are stored or shown, for a slip anywhere upstream. The caller keeps the original in its log.
 */
export function presentableMessage(message: string, fallback: string): string {
  return message.trim() !== '' && !hasRawToolText(message) ? message : fallback;
}
