import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@mediakit/devstack';
import { type BrowserContext, chromium } from 'playwright-core';
import { FIRST_LOAD_JS_BUDGET_KB, firstLoadJs, type JsLoad } from '../lib/first-load-js.ts';
import { chromiumPath } from '../lib/machine.ts';
import { type BenchContext, type PartOutcome, type PlatformHandle, SkipPart } from '../lib/part.ts';
import { repoRoot } from '../lib/stack.ts';
import { fmt, summarize } from '../lib/stats.ts';
import { atLeast, atMost, type TargetResult } from '../lib/targets.ts';

const ROUTES = ['/', '/tool/trim-video', '/dashboard'] as const;
/** Routes that need a signed-in visitor; the others are measured as a first-time guest sees them. */
const SIGNED_IN = new Set<string>(['/dashboard']);
const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];

type Cookie = Parameters<BrowserContext['addCookies']>[0][number];

/** An account made through the API, as the cookies the shell keeps for a signed-in visitor. */
async function signedInCookies(baseUrl: string): Promise<Cookie[]> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-1234';
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/auth/signup', { email, password, name: 'Bench' });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const login = await post('/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const tokens = (await login.json()) as { access_token: string; refresh_token: string; id_token?: string };
  const me = await fetch(`${baseUrl}/api/v1/auth/me`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const user = (await me.json()) as Record<string, unknown>;
  const values: Record<string, string> = {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    userInfo: JSON.stringify(user),
  };
  const { hostname } = new URL(baseUrl);
  return Object.entries(values).map(([name, value]) => ({
    name,
    value: encodeURIComponent(value),
    domain: hostname,
    path: '/',
    sameSite: 'Strict' as const,
  }));
}

/** A first visit's JavaScript (see lib/first-load-js.ts), in a new context with the route's cookies. */
async function firstLoadJsOf(
  browser: import('playwright-core').Browser,
  url: string,
  cookies: Cookie[],
): Promise<JsLoad> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    if (cookies.length) await context.addCookies(cookies);
    return await firstLoadJs(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of the host's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  /** Lighthouse's own diagnosis: its opportunities with their estimated savings. */
  opportunities: Array<{ title: string; savingsMs: number }>;
}

/**
 * Web: the JavaScript a first visit downloads, and Lighthouse's performance category under its
 * default mobile emulation (Moto G Power screen, simulated slow 4G and 4× CPU slowdown).
 */
export async function webPart(ctx: BenchContext, platform: PlatformHandle): Promise<PartOutcome> {
  if (!chromiumPath)
    throw new SkipPart('no Chromium found (install the Debian package chromium, or set CHROME_PATH)');
  const builds = ['shell/dist/index.html', 'tools/dist/mf-manifest.json', 'dashboard/dist/mf-manifest.json'];
  const missing = builds.filter((b) => !existsSync(join(repoRoot, 'frontends', b)));
  if (missing.length)
    throw new SkipPart(`the web apps are not built (${missing.join(', ')}); run \`npm run build:web\``);
  // Lighthouse is the bench's own package (bench/package.json), which `npm run bench` installs.
  if (!existsSync(join(repoRoot, 'bench/node_modules/lighthouse')))
    throw new SkipPart('Lighthouse is not installed (bench/node_modules); run `npm run bench`');
  const base = platform.stack.url;
  const cookies = await signedInCookies(base);

  ctx.log('web: first-load JavaScript');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: BROWSER_ARGS });
  const js = new Map<string, JsLoad>();
  try {
    for (const route of ROUTES)
      js.set(route, await firstLoadJsOf(browser, `${base}${route}`, SIGNED_IN.has(route) ? cookies : []));
  } finally {
    await browser.close();
  }

  // Five runs a route: on this 2-core machine single runs spread over 3-5 points. An A/B of one
  // change wants about 9 (BENCH_LIGHTHOUSE_RUNS=9).
  const runs = ctx.quick ? 1 : Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 5;
  const lhRoutes = ctx.quick ? ['/'] : [...ROUTES];
  const lh = new Map<string, LighthouseRun[]>();
  // Whole reports on request, for finding what holds a page's largest paint back.
  const keepIn = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keepIn) await mkdir(keepIn, { recursive: true });
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'mk-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...BROWSER_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    // Signed-out routes first; the session cookies go in before the first signed-in route.
    for (const route of [...lhRoutes].sort((a, b) => Number(SIGNED_IN.has(a)) - Number(SIGNED_IN.has(b)))) {
      if (SIGNED_IN.has(route)) await context.addCookies(cookies);
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        ctx.log(`web: Lighthouse ${route} (${i + 1}/${runs})`);
        const result = await runLighthouse(`${base}${route}`, port, ctx);
        const lhr = result.lhr;
        if (keepIn) {
          const name = `${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`;
          await writeFile(join(keepIn, name), JSON.stringify(lhr));
          // The page's trace too: which task blocked the main thread (tasks of 50 ms and more after
          // the 4x slowdown are its total blocking time).
          const { Trace } = result.artifacts as unknown as { Trace?: unknown };
          if (Trace) await writeFile(join(keepIn, `trace-${name}`), JSON.stringify(Trace));
        }
        results.push({
          score: (lhr.categories.performance.score ?? Number.NaN) * 100,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
          benchmarkIndex: lhr.environment.benchmarkIndex,
          opportunities: Object.values(lhr.audits)
            .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
            .map((a) => ({
              title: a.title,
              savingsMs: (a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0,
            }))
            .filter((o) => o.savingsMs > 0)
            .sort((a, b) => b.savingsMs - a.savingsMs),
        });
      }
      lh.set(route, results);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }

  const jsRows = ROUTES.map((route) => {
    const j = js.get(route) as JsLoad;
    return `| \`${route}\`${SIGNED_IN.has(route) ? ' (signed in)' : ''} | ${j.files} | ${fmt(j.rawBytes / 1000, 1)} | **${fmt(j.gzipBytes / 1000, 1)}** | ${j.remotes.join(', ') || '–'} |`;
  }).join('\n');
  const p50 = (values: number[]) => summarize(values).p50;
  const lhRows = [...lh.entries()]
    .map(([route, r]) => {
      const scores = r.map((x) => x.score);
      return `| \`${route}\` | **${fmt(p50(scores), 0)}** (${fmt(Math.min(...scores), 0)}–${fmt(Math.max(...scores), 0)}) | ${fmt(p50(r.map((x) => x.lcpMs)), 0)} | ${fmt(p50(r.map((x) => x.tbtMs)), 0)} | ${fmt(p50(r.map((x) => x.cls)), 3)} | ${fmt(p50(r.map((x) => x.benchmarkIndex)), 0)} | ${r.length} |`;
    })
    .join('\n');

  const largestLines = ROUTES.map(
    (route) =>
      `- \`${route}\`: ${(js.get(route) as JsLoad).largest.map((f) => `${f.path} ${fmt(f.gzipBytes / 1000, 1)}`).join(', ')}`,
  ).join('\n');
  const opportunityLines = [...lh.entries()]
    .map(([route, r]) => {
      const first = r[0].opportunities.slice(0, 5);
      const list = first.map((o) => `${o.title} (~${fmt(o.savingsMs, 0)} ms)`).join('; ');
      return `- \`${route}\`: ${list || 'none'}`;
    })
    .join('\n');
  const toolJs = (js.get('/tool/trim-video') as JsLoad).gzipBytes / 1000;
  const targets: TargetResult[] = [
    atMost(
      'First-load JS of a tool page (/tool/trim-video), gzip',
      toolJs,
      FIRST_LOAD_JS_BUDGET_KB,
      ' KB',
      1,
    ),
  ];
  for (const [route, r] of lh) {
    targets.push(atLeast(`Lighthouse performance ${route} (mobile)`, p50(r.map((x) => x.score)), 95, '', 0));
  }
  const markdown = `**First-load JavaScript**: every JavaScript response of a first visit in Chromium (fresh context, empty cache, networkidle), the shell plus the remotes the route loads; KB = 1000 bytes; gzip at level 6 computed here, so the figure does not depend on what the server sends (the gateway sends the build's precompressed brotli or gzip files, which are smaller still).

| route | JS files | raw KB | gzip KB | remotes loaded |
|---|---:|---:|---:|---|
${jsRows}

**Lighthouse** ${ctx.quick ? '(quick: `/` only, one run)' : `(median of ${runs} runs)`}: performance category, default mobile settings (simulated throttling: slow 4G, 4× CPU slowdown). Score p50 (min–max), LCP and TBT in ms. The 4× slowdown applies on top of the host's own speed, so a slower host gives a slower simulated phone: the host CPU column is Lighthouse's own measure of it during the runs (its \`benchmarkIndex\`, p50; higher is faster), to compare runs made on different days.

| route | score | LCP ms | TBT ms | CLS | host CPU (benchmarkIndex) | runs |
|---|---:|---:|---:|---:|---:|---:|
${lhRows}

Every JS file of each first load, largest first (gzip KB):

${largestLines}

Lighthouse's opportunities (first run, estimated savings):

${opportunityLines}
`;
  return { markdown, targets };
}

/**
 * One Lighthouse run of a page. A run whose trace Chromium failed to record (Lighthouse's
 * NO_NAVSTART and the like, which happens now and then on this machine) is repeated once rather than
 * failing the whole part: it says nothing about the page.
 */
async function runLighthouse(url: string, port: number, ctx: BenchContext) {
  const { default: lighthouse } = await import('lighthouse');
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 2) throw new Error(`Lighthouse on ${url}: ${error.message}`);
    ctx.log(`web: Lighthouse failed to record ${url} (${error.code}); running it again`);
  }
}
