import type { IconNode } from 'lucide';
import { createElement } from 'react';
import { ICON_SVG } from './icon-svg.ts';
import './icon.css';

export type { IconNode };

/**
 * Draws a Lucide icon from its data. Icons decorate a text label, so they are hidden from
 * assistive technology. Lucide's plain-data package costs a page only its icons' paths, where
 * lucide-react adds its runtime (about 1.5 KB gzip) to every chunk that shows one.
 */
export function Icon({ icon, size = 24, className }: { icon: IconNode; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      {...ICON_SVG}
      aria-hidden="true"
      className={className}
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}

/** An icon on a tinted square, as tools, groups and reasons show theirs; `strong` for a group's. */
export function IconTile({ icon, size = 20, strong }: { icon?: IconNode; size?: number; strong?: boolean }) {
  return (
    <span className={strong ? 'icon-tile strong' : 'icon-tile'}>
      {icon && <Icon icon={icon} size={size} />}
    </span>
  );
}
