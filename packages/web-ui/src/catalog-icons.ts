/**
 * The one mapping from the catalog to its icons (Lucide's, one module per icon so a page's chunk
 * carries only the icons it shows; drawn by ./Icon.tsx): every tool by name, every group by id.
 * Converters share their group's icon: seventy format pairs have no pictures of their own
 * worth telling apart.
 */

import { CATALOG_GROUPS } from '@mediakit/page-meta/page-meta';
import AudioLines from 'lucide/dist/esm/icons/audio-lines.mjs';
import AudioWaveform from 'lucide/dist/esm/icons/audio-waveform.mjs';
import Blend from 'lucide/dist/esm/icons/blend.mjs';
import Camera from 'lucide/dist/esm/icons/camera.mjs';
import Clapperboard from 'lucide/dist/esm/icons/clapperboard.mjs';
import Combine from 'lucide/dist/esm/icons/combine.mjs';
import Crop from 'lucide/dist/esm/icons/crop.mjs';
import Disc3 from 'lucide/dist/esm/icons/disc-3.mjs';
import FileImage from 'lucide/dist/esm/icons/file-image.mjs';
import FileMusic from 'lucide/dist/esm/icons/file-music.mjs';
import FileVideoCamera from 'lucide/dist/esm/icons/file-video-camera.mjs';
import Film from 'lucide/dist/esm/icons/film.mjs';
import Gamepad2 from 'lucide/dist/esm/icons/gamepad-2.mjs';
import Gauge from 'lucide/dist/esm/icons/gauge.mjs';
import Globe from 'lucide/dist/esm/icons/globe.mjs';
import Headphones from 'lucide/dist/esm/icons/headphones.mjs';
import IdCard from 'lucide/dist/esm/icons/id-card.mjs';
import ImageIcon from 'lucide/dist/esm/icons/image.mjs';
import ImagePlay from 'lucide/dist/esm/icons/image-play.mjs';
import ImagePlus from 'lucide/dist/esm/icons/image-plus.mjs';
import Images from 'lucide/dist/esm/icons/images.mjs';
import Layers from 'lucide/dist/esm/icons/layers.mjs';
import PictureInPicture2 from 'lucide/dist/esm/icons/picture-in-picture-2.mjs';
import Repeat from 'lucide/dist/esm/icons/repeat.mjs';
import Rewind from 'lucide/dist/esm/icons/rewind.mjs';
import RotateCw from 'lucide/dist/esm/icons/rotate-cw.mjs';
import Scaling from 'lucide/dist/esm/icons/scaling.mjs';
import Scissors from 'lucide/dist/esm/icons/scissors.mjs';
import Shrink from 'lucide/dist/esm/icons/shrink.mjs';
import Signature from 'lucide/dist/esm/icons/signature.mjs';
import Stamp from 'lucide/dist/esm/icons/stamp.mjs';
import TrendingUpDown from 'lucide/dist/esm/icons/trending-up-down.mjs';
import Volume2 from 'lucide/dist/esm/icons/volume-2.mjs';
import type { IconNode } from './Icon.tsx';

export type CatalogGroupId = (typeof CATALOG_GROUPS)[number]['id'];

/** Each group's icon; a group added to CATALOG_GROUPS fails the typecheck until it has one. */
export const GROUP_ICONS: Record<CatalogGroupId, IconNode> = {
  'video-tools': Clapperboard,
  'image-tools': ImageIcon,
  'video-converters': FileVideoCamera,
  'image-converters': FileImage,
  'audio-tools': AudioLines,
  'audio-converters': FileMusic,
};

/** Each tool's icon, by catalog name. The same operation on video and on images shares one. */
export const TOOL_ICONS: Readonly<Record<string, IconNode>> = {
  'trim-video': Scissors,
  'compress-video': Shrink,
  'resize-video': Scaling,
  'crop-video': Crop,
  'rotate-flip-video': RotateCw,
  'speed-up-down-video': Gauge,
  'join-video': Combine,
  'loop-video': Repeat,
  'overlay-image-on-video': ImagePlus,
  'overlay-video-on-video': PictureInPicture2,
  'add-logo-or-watermark-to-video': Stamp,
  'brainrot-creator': Gamepad2,
  'convert-image-to-video': Images,
  'change-video-framerate': Film,
  'video-frame-extractor': Camera,
  'reverse-video': Rewind,
  'video-to-gif': ImagePlay,
  'video-to-webm': Globe,
  'resize-image': Scaling,
  'crop-image': Crop,
  'rotate-flip-image': RotateCw,
  'compress-image': Shrink,
  'overlay-image-on-image': Layers,
  'image-transparency': Blend,
  'pancard-photo-resizer': IdCard,
  'pancard-signature-resizer': Signature,
  'audio-converter': Disc3,
  'extract-audio': Headphones,
  'trim-audio': Scissors,
  'change-audio-volume': Volume2,
  'normalize-audio': AudioWaveform,
  'fade-audio': TrendingUpDown,
  'join-audio': Combine,
  'change-audio-speed': Gauge,
};

/** The group an entry is listed under, or undefined for a kind of entry no group shows yet. */
export function groupOf(entry: { kind: string; media: string }): CatalogGroupId | undefined {
  return CATALOG_GROUPS.find((g) => g.kind === entry.kind && g.media === entry.media)?.id;
}

/**
 * An entry's icon: its own, else (converters) its group's. Undefined only for an entry that is
 * in no group and has no icon of its own, which the catalog test rules out.
 */
export function iconFor(entry: { name: string; kind: string; media: string }): IconNode | undefined {
  if (Object.hasOwn(TOOL_ICONS, entry.name)) return TOOL_ICONS[entry.name];
  const group = groupOf(entry);
  return entry.kind === 'converter' && group ? GROUP_ICONS[group] : undefined;
}
