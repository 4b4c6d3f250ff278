/**
 * The fixed parts of a PSD/PSB file: its header, and where each section starts. Reading them here
 * (a few lengths) lets the decoder refuse unsupported files before any pixel is touched and find the
 * composite image without parsing layers.
 */

export interface PsdHeader {
  width: number;
  height: number;
  /** Stored channels: colour channels, then transparency or saved selections. */
  channels: number;
  depth: number;
  /** 0 bitmap, 1 grayscale, 2 indexed, 3 RGB, 4 CMYK, 7 multichannel, 8 duotone, 9 Lab. */
  mode: number;
  /** PSB (version 2) uses 8-byte section lengths in places. */
  large: boolean;
  /**
   * Whether the composite's first extra channel is its transparency: Photoshop signals it by storing
   * the layer count negated. Without that sign, extra channels are saved selections.
   */
  mergedAlpha: boolean;
  /** Offset of the composite ("Image Data" section: compression, then the channel planes). */
  imageData: number;
  /** The "Image Resources" section: offset of its first block, and its length. */
  resources: { at: number; length: number };
}

const damaged = (detail: string) => new Error(`psdload: ${detail}`);

export function readPsdHeader(file: Buffer): PsdHeader {
  if (file.length < 26 || file.toString('latin1', 0, 4) !== '8BPS') throw damaged('not a Photoshop file');
  const version = file.readUInt16BE(4);
  if (version !== 1 && version !== 2) throw damaged(`unknown version ${version}`);
  const large = version === 2;
  const header = {
    channels: file.readUInt16BE(12),
    height: file.readUInt32BE(14),
    width: file.readUInt32BE(18),
    depth: file.readUInt16BE(22),
    mode: file.readUInt16BE(24),
  };
  const maxSide = large ? 300_000 : 30_000;
  if (header.width < 1 || header.height < 1 || header.width > maxSide || header.height > maxSide) {
    throw damaged(`implausible size ${header.width}x${header.height}`);
  }
  if (header.channels < 1 || header.channels > 56) throw damaged(`${header.channels} channels`);
  if (![1, 8, 16, 32].includes(header.depth)) throw damaged(`${header.depth} bits per channel`);

  let at = 26;
  const length = (wide: boolean) => {
    if (at + (wide ? 8 : 4) > file.length) throw damaged('a section is missing');
    const value = wide ? Number(file.readBigUInt64BE(at)) : file.readUInt32BE(at);
    at += wide ? 8 : 4;
    if (at + value > file.length) throw damaged('a section runs past the end of the file');
    return value;
  };
  // (`at += length()` would read `at` before length() moves it past the length field.)
  const colourModeData = length(false); // the palette of indexed images
  at += colourModeData;
  const resources = { at: 0, length: length(false) };
  resources.at = at;
  at += resources.length;
  const layerSection = length(large);
  let mergedAlpha = false;
  if (layerSection >= (large ? 10 : 6)) {
    const save = at;
    const layerInfo = length(large);
    if (layerInfo >= 2) mergedAlpha = file.readInt16BE(at) < 0;
    at = save;
  }
  at += layerSection;
  if (at + 2 > file.length) throw damaged('the composite image is missing');
  return { ...header, large, mergedAlpha, imageData: at, resources };
}

/** Resource 1039: the document's ICC profile (for CMYK, the press it was made for). */
export const ICC_PROFILE = 1039;
/** Resource 1057: version info, whose fifth byte says whether the composite is real. */
export const VERSION_INFO = 1057;

/**
 * One image resource's data, or undefined. Each resource block is "8BIM", a 2-byte id, a Pascal
 * name padded to an even length, a 4-byte size and the data padded to an even length.
 */
export function psdResource(file: Buffer, header: PsdHeader, wanted: number): Buffer | undefined {
  const end = header.resources.at + header.resources.length;
  let at = header.resources.at;
  while (at + 12 <= end && file.toString('latin1', at, at + 4) === '8BIM') {
    const id = file.readUInt16BE(at + 4);
    const nameLength = file[at + 6];
    at += 6 + ((nameLength + 2) & ~1);
    if (at + 4 > end) return undefined;
    const size = file.readUInt32BE(at);
    at += 4;
    if (at + size > end) return undefined;
    if (id === wanted) return size > 0 ? file.subarray(at, at + size) : undefined;
    at += (size + 1) & ~1;
  }
  return undefined;
}
