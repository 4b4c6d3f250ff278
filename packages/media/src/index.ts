// @mediakit/media: what a file is, from its content.

export { scanDuration } from './duration-scan.ts';
export { explainUnreadableAv, undecodableVideoSentence } from './explain-av.ts';
export type { SniffedFormat } from './formats.ts';
export { audioOnlyVariant, formatFromFileType, SVG_FORMAT } from './formats.ts';
export type { HeifColour, HeifInfo } from './heif.ts';
export { readHeif, readHeifFile } from './heif.ts';
export type { HeifSequence } from './heif-sequence.ts';
export { parseSequence, readHeifSequence } from './heif-sequence.ts';
export type { IcoEntry, Size } from './image-headers.ts';
export { bmpSize, icoEntries, icoSize, largestIcoEntry, psdSize } from './image-headers.ts';
export type { InspectOptions } from './inspect.ts';
export { inspectFile, sniff } from './inspect.ts';
export { DEFAULT_INSPECT_TIMEOUT_MS, mediaInfoFromProbe, probeDuration } from './inspect-av.ts';
export { orientedSize } from './inspect-image.ts';
export { looksLikeSvg, svgSize } from './svg.ts';
export type { ReadAt, TiffLayout } from './tiff-header.ts';
export { readTiffLayout } from './tiff-header.ts';
export type { MediaInfo, MediaKind } from './types.ts';
