import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../api/server';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { AGREEMENT_VERSION } from '../../domain/contracts/settings';
import type { Figure } from './report';

/** Lighthouse's mobile profile (its default): a mid-range phone on a slow 4G line, simulated. */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/** Each page is measured this many times; the median counts (the machine is shared). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** `LIGHTHOUSE_PAGES=/home,/about` measures only those (while working on one page). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',') ?? null;
/**
 * `LIGHTHOUSE_SAVE=<folder>` keeps each run's whole report there (JSON), to see where a page's
 * time goes: its long tasks, main-thread breakdown and largest paint.
 */
const SAVE = process.env.LIGHTHOUSE_SAVE ?? null;
/**
 * How many other people have answered before the reader opens the discussion (2 by default):
 * `LIGHTHOUSE_ANSWERS=20` fills its first page with answers of every length, up to the longest.
 */
const ANSWERS = Number(process.env.LIGHTHOUSE_ANSWERS ?? 2);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Scores = Record<Category, number> & {
  /** The page's main thread after navigation: its tasks' time, and the CPU they had in it. */
  taskMs: number;
  cpuMs: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** gzip size of the scripts and style sheets the page loaded, in KB. */
  codeKb: number;
};
/** The first route's scripts and styles (fonts' CSS included) must stay within this, gzip. */
const CODE_BUDGET_KB = 150;

/** Size of the built files a page loaded, compressed with gzip as the budget counts it. */
const gzipKb = (urls: string[]) =>
  urls
    .map((url) => new URL(url).pathname)
    .filter((path) => /^\/assets\/.+\.(js|css)$/.test(path))
    .reduce((sum, path) => sum + gzipSync(readFileSync(resolve('dist/ui', `.${path}`))).length, 0) /
  1024;

/** The baseline: the least a page can be, served by a bare Node server on the same machine. */
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bare page: the baseline of the Lighthouse bench.">
<title>Baseline</title></head><body><main><h1>Baseline</h1>
<p>One paragraph of text and nothing else: no script, no style sheet, no font.</p></main></body></html>`;

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean } };
};

/**
 * The page's main thread in Lighthouse's trace, from the page's navigation on: the time its
 * tasks took (what Lighthouse sees and multiplies by 4) and the CPU the thread had in them.
 * Where the first is much larger, the thread waited for a core the machine gave to others.
 */
const mainThreadTime = (trace: { traceEvents: TraceEvent[] }, url: string) => {
  const events = trace.traceEvents;
  // The last: Lighthouse loads about:blank and may load the page more than once.
  const navigation = events.findLast(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      e.args.data.documentLoaderURL === url,
  );
  if (!navigation) return { taskMs: NaN, cpuMs: NaN };
  const tasks = events.filter(
    (e) =>
      e.pid === navigation.pid &&
      e.tid === navigation.tid &&
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      e.ts >= navigation.ts,
  );
  return {
    taskMs: tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000,
    cpuMs: tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000,
  };
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Lighthouse once on a URL, in a Chrome whose storage a visitor may have filled first. */
const audit = async (url: string, storage: Record<string, string> | null): Promise<Scores> => {
  const profile = mkdtempSync(join(tmpdir(), 'boon-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    userDataDir: profile,
  });
  try {
    if (storage) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/robots.txt', url).href);
      // Runs in the page: its localStorage, not Node's.
      await page.evaluate((entries) => {
        const store = (
          globalThis as unknown as {
            localStorage: Map<string, string> & { setItem: (k: string, v: string) => void };
          }
        ).localStorage;
        for (const [key, value] of Object.entries(entries)) store.setItem(key, value);
      }, storage);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: storage !== null,
    });
    const lhr = result!.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (SAVE) {
      mkdirSync(SAVE, { recursive: true });
      const page = new URL(url).pathname.replace(/\W+/g, '_');
      writeFileSync(join(SAVE, `${page}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] })
      .items;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const { artifacts } = result as unknown as {
      artifacts: { Trace: { traceEvents: TraceEvent[] } };
    };
    return {
      ...mainThreadTime(artifacts.Trace, lhr.finalDisplayedUrl),
      ...(Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      codeKb: gzipKb((requests ?? []).map((request) => request.url)),
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
};

/**
 * The machine's load (1-minute average) around a page's runs: Lighthouse multiplies the
 * main-thread time it observes by 4, and on a shared machine that time includes waiting for a
 * busy CPU, so a figure means something only beside the load it was measured under.
 */
const load = () => loadavg()[0]!;

const medianOf = async (url: string, storage: Record<string, string> | null) => {
  const runs: Scores[] = [];
  const loads = [load()];
  for (let i = 0; i < RUNS; i++) {
    // A loaded machine sometimes makes Lighthouse give up on a page: one more try.
    runs.push(await audit(url, storage).catch(() => audit(url, storage)));
    loads.push(load());
  }
  const pick = (key: keyof Scores) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    taskMs: pick('taskMs'),
    cpuMs: pick('cpuMs'),
    codeKb: pick('codeKb'),
    load: { min: Math.min(...loads), max: Math.max(...loads) },
  };
};

const timings = (scores: Awaited<ReturnType<typeof medianOf>>) =>
  `FCP ${Math.round(scores.fcp)} ms, LCP ${Math.round(scores.lcp)} ms, TBT ${Math.round(scores.tbt)} ms, CLS ${scores.cls.toFixed(3)}; main thread ${Math.round(scores.cpuMs)} ms of CPU in ${Math.round(scores.taskMs)} ms of tasks`;

/** A visitor of this device registered through the API, as the browser would keep them. */
const registeredVisitor = async (base: string, answer: string | null) => {
  const deviceId = randomBytes(16).toString('base64url');
  const headers = { 'Content-Type': 'application/json', 'X-Device-ID': deviceId };
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const offered = (await (await post('/api/user/generate-pseudonyms', {})).json()) as {
    pseudonyms: string[];
  };
  const pseudonym = offered.pseudonyms[0]!;
  await post('/api/user/setup', { pseudonym, privacyConsent: true, termsConsent: true });
  // The consent question answered as the app records it (ui/lib/consent.ts): without it, every
  // visit measured recorded the browser's decision again (two writes, and reads after them that
  // wait for them), which no returning visitor's page does.
  for (const agreementType of ['privacy', 'terms'])
    await post('/api/user-agreements', { agreementType, agreementVersion: AGREEMENT_VERSION });
  const question = (await (await fetch(`${base}/api/question/today`)).json()) as { id: number };
  if (answer) await post('/api/responses', { content: answer, questionId: question.id });
  return {
    questionId: question.id,
    storage: {
      'boon-device-id': deviceId,
      'boon-device-registered': 'true',
      'boon-device-pseudonym': pseudonym,
      'boon-consent': 'true',
    },
  };
};

/**
 * Lighthouse 12 on the public pages (a first visit: consent not yet given), today's question
 * for a registered visitor, and a responses page for one who answered. Each score is shown
 * against a bare page measured in the same run on the same machine.
 */
export const lighthouseScores = async (): Promise<Figure[]> => {
  const built = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/ui-build.mjs').then((m) => m.ensureUiBuilt())"],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('The UI did not build');
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-lighthouse-'));
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      REGISTRATIONS_PER_HOUR: '1000',
    }),
    logger: silentLogger(),
    uiDir: resolve('dist/ui'),
  });
  const bare = createServer((req, res) => {
    const robots = req.url === '/robots.txt';
    res.writeHead(200, { 'Content-Type': `${robots ? 'text/plain' : 'text/html'}; charset=utf-8` });
    res.end(robots ? 'User-agent: *\nAllow: /\n' : BARE_PAGE);
  });
  await new Promise<void>((done) => bare.listen(0, '127.0.0.1', done));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    const answers = [
      'Fairness asks that those who caused more of a harm carry more of its repair.',
      'Every country should pay what it can; the poorest cannot wait for the rich.',
    ];
    // Past the first two: answers from a sentence up to the spec's 750 words, in paragraphs.
    for (let i = answers.length; i < ANSWERS; i++) {
      const words = [3, 40, 120, 300, 750][i % 5]!;
      const sentence = 'Each of us owes the future what we would have wanted from the past. ';
      const text = Array.from({ length: words }, (_, w) => sentence.split(' ')[w % 13]).join(' ');
      answers.push(text.replace(/(\S+ ){60}/g, (run) => `${run.trim()}\n\n`).trim());
    }
    for (const text of answers.slice(0, Math.max(ANSWERS, 0))) {
      await registeredVisitor(server.url, text);
    }
    const reader = await registeredVisitor(server.url, 'A view of my own, so I may read others.');
    const newcomer = await registeredVisitor(server.url, null);
    const pages: [string, string, Record<string, string> | null][] = [
      ['/', `${server.url}/`, null],
      ['/about', `${server.url}/about`, null],
      ['/home', `${server.url}/home`, newcomer.storage],
      [
        `/responses/${reader.questionId}`,
        `${server.url}/responses/${reader.questionId}`,
        reader.storage,
      ],
    ];
    const baseline = await medianOf(bareUrl, null);
    const figures: Figure[] = [];
    for (const [name, url, storage] of pages) {
      if (ONLY && !ONLY.some((only) => name === only || name.startsWith(`${only}/`))) continue;
      const scores = await medianOf(url, storage);
      for (const category of CATEGORIES) {
        figures.push({
          name: `Lighthouse ${category} ${name}`,
          value: scores[category],
          unit: 'points',
          baseline: baseline[category],
          baselineName: 'a bare page',
          ratio: scores[category] / baseline[category],
          target: `≥ ${TARGETS[category]}`,
          met: scores[category] >= TARGETS[category],
          ...(category === 'performance'
            ? {
                note: `${timings(scores)} (median of ${RUNS}); the bare page: ${timings(baseline)}; machine load ${scores.load.min.toFixed(1)}–${scores.load.max.toFixed(1)}`,
              }
            : {}),
        });
      }
      figures.push({
        name: `first route's JS + CSS (gzip) ${name}`,
        value: scores.codeKb,
        unit: 'KB',
        baseline: CODE_BUDGET_KB,
        baselineName: 'the budget',
        ratio: scores.codeKb / CODE_BUDGET_KB,
        target: `≤ ${CODE_BUDGET_KB} KB`,
        met: scores.codeKb <= CODE_BUDGET_KB,
      });
    }
    return figures;
  } finally {
    bare.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
