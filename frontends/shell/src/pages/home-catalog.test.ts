import { catalog, toPublicTool } from '@mediakit/catalog';
import type { Tool } from '@mediakit/web-api/types';
import { describe, expect, test } from 'vitest';
import { converterLabel, homeGroups, shortTitle } from './home-catalog.ts';

const tools = catalog.map(toPublicTool) as Tool[];

describe('the home page’s catalog', () => {
  test('six groups, each a few entries of its own and a link to all of them on /tools', () => {
    const groups = homeGroups(tools);
    expect(groups.map((g) => [g.heading, g.href])).toEqual([
      ['Video tools', '/tools#video-tools'],
      ['Image tools', '/tools#image-tools'],
      ['Audio tools', '/tools#audio-tools'],
      ['Video converters', '/tools#video-converters'],
      ['Image converters', '/tools#image-converters'],
      ['Audio converters', '/tools#audio-converters'],
    ]);
    expect(groups.reduce((sum, g) => sum + g.total, 0)).toBe(catalog.length);
    for (const group of groups) {
      expect(group.shown.length, group.id).toBeGreaterThanOrEqual(Math.min(6, group.total));
      expect(group.shown.length, group.id).toBeLessThanOrEqual(8);
      expect(group.shown.length, group.id).toBeLessThan(group.total + 1);
      const inGroup = tools.filter((t) => group.shown.includes(t));
      expect(inGroup.length, `${group.id} shows only its own entries`).toBe(group.shown.length);
    }
    expect(groups.filter((g) => g.compact).map((g) => g.id)).toEqual([
      'video-converters',
      'image-converters',
      'audio-converters',
    ]);
  });

  test('a group without picks shows its first entries; an unknown pick is skipped', () => {
    const shuffled = tools.filter((t) => t.name !== 'trim-video');
    const video = homeGroups(shuffled).find((g) => g.id === 'video-tools');
    expect(video?.shown.map((t) => t.name)).not.toContain('trim-video');
    expect(video?.shown.length).toBe(5);
  });

  test('converters read as "MOV → MP4"; tools lose the trailing "Online"', () => {
    for (const tool of tools.filter((t) => t.kind === 'converter')) {
      const label = converterLabel(tool);
      expect(label.to, tool.name).toBeTruthy();
      expect(`${label.from}-to-${label.to}`.toLowerCase(), tool.name).toBe(tool.name);
    }
    expect(converterLabel({ title: 'Convert MPEG-TS to MP4 Online' })).toEqual({
      from: 'MPEG-TS',
      to: 'MP4',
    });
    expect(converterLabel({ title: 'Something else' })).toEqual({ from: 'Something else' });
    expect(shortTitle({ title: 'Trim Video Online' })).toBe('Trim Video');
    expect(shortTitle({ title: 'Add Logo or Watermark to Video' })).toBe('Add Logo or Watermark to Video');
  });
});
