/**
 * Title and description of every page the shell and its remotes render, in one place: the
 * gateway puts them in the first HTML response (services/gateway/src/web/page-head.ts) and the
 * shell sets the same title when the user navigates. Pure data: no DOM, importable from Node.
 */
import { BRAND, NOT_FOUND_TEXT, withBrand } from './brand.ts';

export { BRAND, BRAND_SUFFIX, NOT_FOUND_TEXT, withBrand } from './brand.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Pages that are personal or a step of sign-in: not for search engines. */
  noindex?: boolean;
}

export const PAGE_META = {
  '/': {
    title: `${BRAND}: free online video, audio and image tools, no watermark`,
    description:
      'Trim, compress, resize, convert and edit videos and images in your browser. Free, no watermark, no sign-up, and your files are deleted after processing.',
  },
  '/tools': {
    title: withBrand('All video, audio and image tools'),
    description:
      'Every Mediakit tool and converter in one place: video editing, image editing, video to MP4 and image format converters. Free and without watermark.',
  },
  '/pricing': {
    title: withBrand('Pricing'),
    description:
      'Mediakit is free to use. Paid plans raise the file size limit, run more jobs at once and keep your files longer.',
  },
  '/blog': {
    title: withBrand('Blog'),
    description:
      'Guides on converting, compressing and editing video, audio and images, and how Mediakit keeps your files private.',
  },
  '/contact-us': {
    title: withBrand('Contact us'),
    description: 'Questions, bugs or ideas? Write to the Mediakit team and we will answer by email.',
  },
  '/privacy': {
    title: withBrand('Privacy'),
    description:
      'What this Mediakit installation stores, for how long, who can see your files, the cookies it uses, and what it never does: no tracking, no analytics, no ads.',
  },
  '/terms': {
    title: withBrand('Terms of use'),
    description:
      'The rules for using this Mediakit installation: your files stay yours, the limits of each plan, accounts, payments, and what the service does not promise.',
  },
  // Served by the gateway itself (the API reference), not by the shell: see developers/routes.ts.
  '/developers': {
    title: withBrand('Developers: the API reference and guide'),
    description:
      'Use Mediakit from your own code: API keys, uploads, jobs, webhooks and the command line, with curl and JavaScript examples, and every operation of the API.',
  },
  '/account': {
    title: withBrand('Your account'),
    description: 'Your Mediakit profile and plan.',
    noindex: true,
  },
  '/auth/callback': {
    title: withBrand('Signing in'),
    description: 'Finishing your sign-in to Mediakit.',
    noindex: true,
  },
  // Exactly the title docs/api.md gives, without the brand suffix.
  '/404': {
    title: NOT_FOUND_TEXT.title,
    description: NOT_FOUND_TEXT.message,
    noindex: true,
  },
  '/dashboard': {
    title: withBrand('Dashboard'),
    description: 'Your jobs, files and plan at a glance.',
    noindex: true,
  },
  '/dashboard/job-status': {
    title: withBrand('Job status'),
    description: 'Track your jobs, follow their progress and download finished files.',
    noindex: true,
  },
  '/dashboard/uploaded-files': {
    title: withBrand('Uploaded files'),
    description: 'View and manage the videos, images and audio you uploaded.',
    noindex: true,
  },
  '/dashboard/tools': {
    title: withBrand('Tools'),
    description: 'Every tool and converter, inside your dashboard.',
    noindex: true,
  },
  '/dashboard/webhooks': {
    title: withBrand('Webhooks'),
    description: 'Signed notices of finished jobs: your endpoints, their secrets and every delivery.',
    noindex: true,
  },
  '/dashboard/pricing': {
    title: withBrand('Your plan'),
    description: 'View and manage your subscription: upgrade, downgrade and billing details.',
    noindex: true,
  },
  '/dashboard/contact-us': {
    title: withBrand('Support tickets'),
    description: 'Your support tickets and their replies.',
    noindex: true,
  },
  '/dashboard/api-keys': {
    title: withBrand('API keys'),
    description: 'Create and revoke the keys your scripts use the API with.',
    noindex: true,
  },
  '/dashboard/blogs': {
    title: withBrand('Blog articles'),
    description: 'Write, edit and publish blog articles.',
    noindex: true,
  },
  '/dashboard/blog': {
    title: withBrand('Edit article'),
    description: 'Write, edit and publish a blog article.',
    noindex: true,
  },
} as const satisfies Record<string, PageMeta>;

export type KnownPage = keyof typeof PAGE_META;

export const pageMeta = (path: string): PageMeta | undefined =>
  Object.hasOwn(PAGE_META, path) ? PAGE_META[path as KnownPage] : undefined;

/** Section headings of the catalog, in the order pages show them. */
export const CATALOG_GROUPS = [
  { id: 'video-tools', heading: 'Video tools', kind: 'tool', media: 'video' },
  { id: 'image-tools', heading: 'Image tools', kind: 'tool', media: 'image' },
  { id: 'audio-tools', heading: 'Audio tools', kind: 'tool', media: 'audio' },
  { id: 'video-converters', heading: 'Video converters', kind: 'converter', media: 'video' },
  { id: 'image-converters', heading: 'Image converters', kind: 'converter', media: 'image' },
  { id: 'audio-converters', heading: 'Audio converters', kind: 'converter', media: 'audio' },
] as const;

/** The page of a catalog entry: tools under /tool, converters under /converter. */
export const toolPath = (entry: { kind: string; name: string }) =>
  `/${entry.kind === 'converter' ? 'converter' : 'tool'}/${entry.name}`;
