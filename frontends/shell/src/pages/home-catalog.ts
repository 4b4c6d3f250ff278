/**
 * What the home page shows of the catalog: per group, its most useful entries and a link to the
 * whole group on /tools. Pure functions over the API's tools, so a test checks them in Node. A new
 * group (audio, say) needs a row in CATALOG_GROUPS and an icon; picks are optional.
 */

import { CATALOG_GROUPS } from '@mediakit/page-meta/page-meta';
import type { Tool } from '@mediakit/web-api/types';
import { type CatalogGroupId, groupOf } from '@mediakit/web-ui/catalog-icons';

/** The entries a first visitor most likely came for, in the order shown. */
const PICKS: Partial<Record<CatalogGroupId, readonly string[]>> = {
  'video-tools': [
    'trim-video',
    'compress-video',
    'join-video',
    'crop-video',
    'video-to-gif',
    'add-logo-or-watermark-to-video',
  ],
  'image-tools': [
    'compress-image',
    'resize-image',
    'crop-image',
    'rotate-flip-image',
    'image-transparency',
    'pancard-photo-resizer',
  ],
  'audio-tools': [
    'audio-converter',
    'extract-audio',
    'trim-audio',
    'normalize-audio',
    'join-audio',
    'change-audio-volume',
  ],
  'video-converters': ['mov-to-mp4', 'mkv-to-mp4', 'webm-to-mp4', 'avi-to-mp4', 'wmv-to-mp4', 'flv-to-mp4'],
  'image-converters': [
    'heic-to-jpg',
    'png-to-jpg',
    'jpg-to-png',
    'webp-to-jpg',
    'jpg-to-webp',
    'png-to-webp',
    'gif-to-webp',
    'avif-to-jpg',
  ],
  'audio-converters': [
    'mp4-to-mp3',
    'wav-to-mp3',
    'm4a-to-mp3',
    'mov-to-mp3',
    'flac-to-mp3',
    'opus-to-mp3',
    'webm-to-mp3',
    'mp3-to-wav',
  ],
};

/** How many entries a group without picks shows. */
const DEFAULT_SHOWN = 6;

export interface HomeGroup {
  id: CatalogGroupId;
  heading: string;
  /** Converters show as compact "MOV → MP4" chips, tools as rows with their icon. */
  compact: boolean;
  shown: Tool[];
  total: number;
  /** The whole group on /tools. */
  href: string;
}

/** The group's section on /tools (its id there is the group's id). */
export const groupHref = (id: CatalogGroupId) => `/tools#${id}`;

export function homeGroups(tools: readonly Tool[]): HomeGroup[] {
  return CATALOG_GROUPS.flatMap((group) => {
    const all = tools.filter((t) => groupOf(t) === group.id);
    if (all.length === 0) return [];
    const picks = PICKS[group.id];
    const byName = new Map(all.map((t) => [t.name, t]));
    const picked = picks?.flatMap((name) => byName.get(name) ?? []) ?? [];
    const shown = picked.length > 0 ? picked : all.slice(0, DEFAULT_SHOWN);
    return [
      {
        id: group.id,
        heading: group.heading,
        compact: group.kind === 'converter',
        shown,
        total: all.length,
        href: groupHref(group.id),
      },
    ];
  });
}

/** "Convert MOV to MP4 Online" → { from: 'MOV', to: 'MP4' }; the title itself when it reads otherwise. */
export function converterLabel(tool: Pick<Tool, 'title'>): { from: string; to?: string } {
  const match = /^Convert (.+?) to (.+?)(?: Online)?$/.exec(tool.title);
  return match ? { from: match[1], to: match[2] } : { from: tool.title };
}

/** A tool's name as a short label: its title without the trailing "Online". */
export const shortTitle = (tool: Pick<Tool, 'title'>) => tool.title.replace(/ Online$/, '');
