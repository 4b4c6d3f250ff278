/** Why an outbound request was not made or did not finish: `reason` for programs, `message` for people. */
export type OutboundReason =
  | 'bad_url'
  | 'private_address'
  | 'not_found'
  | 'too_many_redirects'
  | 'unreachable'
  | 'timeout';

const MESSAGES: Record<OutboundReason, string> = {
  bad_url: 'That is not a link Mediakit can open: use an http:// or https:// address.',
  private_address:
    'That link points to a private or local network address, which Mediakit never connects to. Use a public link.',
  not_found: "The link's host name could not be found. Check the link for typing mistakes.",
  too_many_redirects: 'The link redirects more than 5 times. Use the address it finally leads to.',
  unreachable: 'The server at that link could not be reached. Check that the link works in a browser.',
  timeout: 'The server at that link took too long to answer. Try again later.',
};

export class OutboundError extends Error {
  readonly reason: OutboundReason;
  constructor(reason: OutboundReason, options?: { cause?: unknown }) {
    super(MESSAGES[reason], options);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}
