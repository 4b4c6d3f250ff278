import type { SVGProps } from 'react';

/**
 * How every icon of the apps is drawn: Lucide's 24-unit grid, stroked in the text colour, never
 * focused. A module of its own, so a hand-drawn icon (the header's menu) needs no more than this.
 * Each svg still says `aria-hidden="true"` itself (icons decorate a text label), where the linter
 * can see it.
 */
export const ICON_SVG = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: 'false',
} as const satisfies SVGProps<SVGSVGElement>;
