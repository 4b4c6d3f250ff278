import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Logger, newId } from '@mediakit/kit';
import { type ArticleDoc, DEFAULT_AUTHOR } from './article.ts';
import { type ArticleRepository, SlugTakenError } from './article-repository.ts';
import { slugProblem } from './slug.ts';

/** The articles a fresh install ships with. */
export const SEED_DIR = fileURLToPath(new URL('../../seed', import.meta.url));

export interface SeedArticle {
  slug: string;
  title: string;
  body: string;
  excerpt?: string;
  author: string;
  publishedAt: string;
  metaTitle?: string;
  metaDescription?: string;
  keywords: string[];
  /** SHA-256 of the whole file: what "this seed version" means. */
  hash: string;
}

export type SeedOutcome = 'inserted' | 'updated' | 'unchanged' | 'kept-editor-version';

/**
 * Loads the seed articles, idempotently, on every start. For each file (by slug):
 * - never seeded: inserted, published, unless an editor already made an article with that slug;
 * - seeded with this very file: nothing (even if an editor deleted the article since: it stays deleted);
 * - seeded with an older version of the file: updated, but only if the article is still exactly what
 *   the seed wrote (its `seedHash`, which any editor's write removes); an editor's version is kept.
 * What was applied per slug is remembered in `seed_state`.
 */
export async function seedArticles(options: {
  articles: ArticleRepository;
  log: Logger;
  dir?: string;
  now?: () => Date;
}): Promise<Record<string, SeedOutcome>> {
  const { articles, log } = options;
  const now = (options.now ?? (() => new Date()))().toISOString();
  const outcomes: Record<string, SeedOutcome> = {};
  for (const seed of await readSeedDir(options.dir ?? SEED_DIR)) {
    outcomes[seed.slug] = await seedOne(articles, seed, now);
  }
  const changed = Object.entries(outcomes).filter(([, outcome]) => outcome !== 'unchanged');
  if (changed.length) log.info({ articles: Object.fromEntries(changed) }, 'seed articles applied');
  return outcomes;
}

async function seedOne(articles: ArticleRepository, seed: SeedArticle, now: string): Promise<SeedOutcome> {
  const state = await articles.findSeedState(seed.slug);
  if (state?.hash === seed.hash) return 'unchanged';
  const existing = await articles.findBySlug(seed.slug);
  let outcome: SeedOutcome = 'kept-editor-version';
  if (!state && !existing) {
    try {
      await articles.insert(toDoc(seed, now));
      outcome = 'inserted';
    } catch (error) {
      // Another replica seeding at the same moment won the insert: the same article, fine.
      if (!(error instanceof SlugTakenError)) throw error;
      outcome = 'unchanged';
    }
  } else if (state && existing && existing.seedHash === state.hash) {
    const { _id, createdAt, publishedAt, ...fields } = toDoc(seed, now);
    await articles.update(existing._id, { ...fields, publishedAt: existing.publishedAt ?? publishedAt });
    outcome = 'updated';
  }
  await articles.recordSeed(seed.slug, seed.hash, now);
  return outcome;
}

function toDoc(seed: SeedArticle, now: string): ArticleDoc {
  const doc: ArticleDoc = {
    _id: newId(),
    slug: seed.slug,
    title: seed.title,
    body: seed.body,
    author: seed.author,
    status: 'published',
    publishedAt: seed.publishedAt,
    createdAt: now,
    updatedAt: now,
    keywords: seed.keywords,
    seedHash: seed.hash,
  };
  if (seed.excerpt) doc.excerpt = seed.excerpt;
  if (seed.metaTitle) doc.metaTitle = seed.metaTitle;
  if (seed.metaDescription) doc.metaDescription = seed.metaDescription;
  return doc;
}

export async function readSeedDir(dir: string): Promise<SeedArticle[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(names.map(async (name) => parseSeedFile(name, await readFile(join(dir, name), 'utf8'))));
}

/**
 * A seed file: front matter between `---` lines (`key: value`, keywords comma-separated), then the
 * Markdown body. A broken seed file is our bug, so it stops the service with the file and the reason.
 */
/** `"a: b"` → `a: b`: values with a colon are quoted, as in YAML. */
const unquote = (value: string) => (/^(["']).*\1$/.test(value) ? value.slice(1, -1) : value);

export function parseSeedFile(name: string, text: string): SeedArticle {
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/);
  if (!match) throw new Error(`seed ${name}: front matter (between --- lines) is missing`);
  const meta = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`seed ${name}: "${line}" is not a "key: value" line`);
    meta.set(line.slice(0, colon).trim(), unquote(line.slice(colon + 1).trim()));
  }
  const slug = meta.get('slug') ?? basename(name, '.md');
  const problem = slugProblem(slug);
  if (problem) throw new Error(`seed ${name}: ${problem}`);
  const title = meta.get('title');
  if (!title) throw new Error(`seed ${name}: title is missing`);
  const publishedAt = meta.get('publishedAt');
  if (!publishedAt || Number.isNaN(Date.parse(publishedAt)))
    throw new Error(`seed ${name}: publishedAt must be an ISO 8601 time`);
  return {
    slug,
    title,
    body: match[2].trim(),
    excerpt: meta.get('excerpt') || undefined,
    author: meta.get('author') || DEFAULT_AUTHOR,
    publishedAt: new Date(publishedAt).toISOString(),
    metaTitle: meta.get('meta_title') || undefined,
    metaDescription: meta.get('meta_description') || undefined,
    keywords: (meta.get('keywords') ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    hash: createHash('sha256').update(text).digest('hex'),
  };
}
