import { catalog } from '@mediakit/catalog';
import { CATALOG_GROUPS } from '@mediakit/page-meta/page-meta';
import { describe, expect, test } from 'vitest';
import { GROUP_ICONS, groupOf, iconFor, TOOL_ICONS } from './catalog-icons.ts';

describe('catalog icons', () => {
  test('every catalog entry has an icon and a group; every tool an icon of its own', () => {
    for (const entry of catalog) {
      expect(iconFor(entry), entry.name).toBeTruthy();
      expect(groupOf(entry), entry.name).toBeDefined();
      if (entry.kind === 'tool') expect(Object.hasOwn(TOOL_ICONS, entry.name), entry.name).toBe(true);
    }
  });

  test('every group has an icon; converters wear their group’s', () => {
    for (const group of CATALOG_GROUPS) expect(GROUP_ICONS[group.id], group.id).toBeTruthy();
    expect(iconFor({ name: 'heic-to-jpg', kind: 'converter', media: 'image' })).toBe(
      GROUP_ICONS['image-converters'],
    );
  });

  test('no two tools of one group look alike, and no icon names a tool the catalog lacks', () => {
    const names = new Set(catalog.map((e) => e.name));
    for (const name of Object.keys(TOOL_ICONS)) expect(names.has(name), name).toBe(true);
    for (const group of CATALOG_GROUPS) {
      const icons = catalog.filter((e) => e.kind === 'tool' && groupOf(e) === group.id).map(iconFor);
      expect(new Set(icons).size, group.id).toBe(icons.length);
    }
  });
});
