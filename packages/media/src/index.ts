// @mediakit/media: what a file is, from its content.

export { scanDuration } from './duration-scan.ts';
export type { SniffedFormat } from './formats.ts';
export { audioOnlyVariant, formatFromFileType, SVG_FORMAT } from './formats.ts';
export type { Size } from './image-headers.ts';
export { bmpSize, icoSize, psdSize } from './image-headers.ts';
export type { InspectOptions } from './inspect.ts';
export { inspectFile, sniff } from './inspect.ts';
export { DEFAULT_INSPECT_TIMEOUT_MS, mediaInfoFromProbe, probeDuration } from './inspect-av.ts';
export { orientedSize } from './inspect-image.ts';
export { looksLikeSvg } from './svg.ts';
export type { MediaInfo, MediaKind } from './types.ts';
