export { type AllowedRanges, isPublicAddress, parseAllowedRanges } from './address-rules.ts';
export { type OutboundEnv, outboundOptionsFromEnv } from './options-from-env.ts';
export {
  checkUrl,
  createOutboundClient,
  type OutboundAnswer,
  type OutboundClient,
  type OutboundOptions,
  type OutboundRequest,
} from './outbound-client.ts';
export { OutboundError, type OutboundReason } from './outbound-error.ts';
