import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnding } from '../../domain/sentiment/figures';
import { defaultDayRules, productDayOf } from '../../domain/shared/product-day';
import { dockerfileStages } from '../support/deploy-stack';
import { newDeviceId } from '../support/test-app';

/**
 * The image without Docker: the files the Dockerfile's last stage copies, made here as its
 * build stage makes them (the UI and the server built, development packages pruned), started
 * the way its CMD starts them, on whichever Node runs this test (CI runs it on both lines).
 * Then a visitor's journey and every operator tool the README names, as `npm run NAME`.
 */

const repo = resolve('.');
const root = mkdtempSync(join(tmpdir(), 'boon-image-'));
const build = join(root, 'build');
const app = join(root, 'app');
const dataDir = join(root, 'data');
let server: ChildProcess;
let url = '';
let exited: Promise<number | null>;

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const run = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
};

/** Copies a folder as hard links (fast), a file as a copy of its own. */
const copy = (from: string, to: string) => {
  if (statSync(from).isDirectory()) run('cp', ['-al', from, to], repo);
  else cpSync(from, to);
};

const { stages } = dockerfileStages(
  spawnSync('cat', ['Dockerfile'], { cwd: repo, encoding: 'utf8' }).stdout,
);
const last = stages.at(-1)!;
const env = Object.fromEntries(
  last.instructions
    .filter((line) => line.startsWith('ENV '))
    .flatMap((line) => [...line.slice(4).matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
);
const cmd = JSON.parse(
  last.instructions.find((line) => line.startsWith('CMD '))!.slice(4),
) as string[];

/** What the build stage leaves in /app: the repository, the UI and server built, pruned. */
const makeBuildStage = () => {
  mkdirSync(build);
  // The UI as `npm run build` makes it (built once here, kept for the browser suites).
  run(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/ui-build.mjs')).ensureUiBuilt()"],
    repo,
  );
  mkdirSync(join(build, 'dist'));
  copy(join(repo, 'dist/ui'), join(build, 'dist/ui'));
  copy(join(repo, 'dist/ui-render'), join(build, 'dist/ui-render'));
  run(process.execPath, ['scripts/build-server.mjs', join(build, 'dist/server')], repo);
  for (const file of ['package.json', 'package-lock.json', '.npmrc', 'scripts']) {
    copy(join(repo, file), join(build, file));
  }
  copy(join(repo, 'node_modules'), join(build, 'node_modules'));
  // npm may rewrite its record of the tree: a file of this copy's own, not a link.
  rmSync(join(build, 'node_modules/.package-lock.json'), { force: true });
  run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], build);
};

/** The last stage's COPY lines, from the build stage into WORKDIR (/app). */
const makeImage = () => {
  mkdirSync(app);
  for (const line of last.instructions.filter((l) => l.startsWith('COPY '))) {
    const words = line.split(/\s+/).slice(1);
    expect(words[0]).toBe('--from=build');
    const [destination, ...sources] = words.slice(1).reverse();
    const target = join(app, destination!);
    for (const source of sources.reverse()) {
      const from = join(build, source.replace(/^\/app\//, ''));
      expect(existsSync(from), `${source} is made by the build stage`).toBe(true);
      const to = destination!.endsWith('/') ? join(target, basename(from)) : target;
      mkdirSync(resolve(to, '..'), { recursive: true });
      copy(from, to);
    }
  }
};

const npmRun = (args: string[], extraEnv: Record<string, string> = {}) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      'npm',
      ['run', '--silent', ...args],
      {
        cwd: app,
        env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const call = async (path: string, deviceId: string, body?: unknown) => {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

beforeAll(async () => {
  makeBuildStage();
  makeImage();
  server = spawn(cmd[0] === 'node' ? process.execPath : cmd[0]!, cmd.slice(1), {
    cwd: app,
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'image-layout-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((done) => server.once('exit', (code) => done(code)));
  let output = '';
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  url = await new Promise<string>((done, fail) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Boon is running at (http:\/\/\S+)/.exec(output);
      if (match) done(match[1]!.replace('localhost', '127.0.0.1'));
    });
    void exited.then(() => fail(new Error(`the image's server exited:\n${output}`)));
  });
}, 300_000);

describe('the image’s layout, started as its CMD starts it', () => {
  it('holds compiled JavaScript only: no source, no TypeScript compiler', () => {
    expect(existsSync(join(app, 'api'))).toBe(false);
    expect(existsSync(join(app, 'dist/server/main.js'))).toBe(true);
    for (const compiler of ['tsx', 'typescript', 'esbuild', 'vite']) {
      expect(existsSync(join(app, 'node_modules', compiler)), compiler).toBe(false);
    }
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.name === 'node_modules'
          ? []
          : entry.isDirectory()
            ? sources(join(dir, entry.name))
            : /\.tsx?$/.test(entry.name)
              ? [entry.name]
              : [],
      );
    expect(sources(app)).toEqual([]);
  });

  it("serves the UI's production build, though built here under a test runner (NODE_ENV=test)", () => {
    // React's development build is a chunk of its own (the JSX dev runtime), and it brings
    // React's warnings and doubled effects: never what the image or the browser suite serve.
    const assets = readdirSync(join(app, 'dist/ui/assets'));
    expect(assets.filter((name) => /dev-runtime|development/.test(name))).toEqual([]);
    const entry = readFileSync(join(app, 'dist/ui/index.html'), 'utf8');
    expect(entry).not.toContain('react-refresh');
  });

  it('serves a visitor: register, read today’s question, answer it, read the answers', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const device = newDeviceId();
    const offers = await call('/api/user/generate-pseudonyms', device, {});
    const setup = await call('/api/user/setup', device, {
      pseudonym: offers.body.pseudonyms[0],
      privacyConsent: true,
      termsConsent: true,
    });
    expect(setup.status).toBe(201);
    const today = await call('/api/question/today', device);
    expect(today.status).toBe(200);
    // Home arrives with today's question in its HTML: the image's own render, whose bundle
    // holds every package it needs (development packages are pruned here).
    const home = await (await fetch(`${url}/home`)).text();
    expect(home).toMatch(/<h1 id="question"[^>]*>[^<]+<\/h1>/);
    expect(home).toContain(`"data":{"id":${today.body.id},`);
    const answered = await call('/api/responses', device, {
      content: 'A promise binds because someone relies on it.',
      questionId: today.body.id,
    });
    expect(answered.status).toBe(201);
    const page = await fetch(`${url}/api/responses/${today.body.id}`, {
      headers: { 'X-Device-ID': device, 'X-Min-Position': String(answered.body.position) },
    });
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain('someone relies on it');
    const html = await fetch(`${url}/`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<div id="root"');
  });

  it('runs every operator tool the README names, as npm run NAME', async () => {
    const port = new URL(url).port;
    const status = await npmRun(['projections', '--', 'status', '--port', port]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^sentiment\s+live/m);

    const rebuild = await npmRun(['projections', '--', 'rebuild', '--all', '--port', port]);
    expect(rebuild.code, rebuild.stderr).toBe(0);
    expect(rebuild.stdout).toMatch(/^(\d+) of \1 rebuilt in/m);

    const doctor = await npmRun(['doctor']);
    expect(doctor.stdout).toMatch(/^ok +configuration/m);
    expect(doctor.stdout).toMatch(/^ok +engines/m);

    const { from, to } = periodEnding(productDayOf(new Date(), defaultDayRules), 7);
    const analyst = await npmRun(['analyst', '--', 'sentiment', '--from', from, '--to', to]);
    expect(analyst.code, analyst.stderr).toBe(0);
    expect(analyst.stdout).toMatch(/^row,from,to,category/);

    const backups = join(root, 'backups');
    mkdirSync(backups);
    const [log, keys] = [join(backups, 'boon.backup'), join(backups, 'keys.backup')];
    const backup = await npmRun(['backup', '--', '--out', log, '--keys-out', keys]);
    expect(backup.code, backup.stderr).toBe(0);
    const restored = join(root, 'restored');
    const restore = await npmRun([
      'restore',
      '--',
      '--from',
      log,
      '--keys-from',
      keys,
      '--data-dir',
      restored,
    ]);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^digest: +[0-9a-f]{64}$/m);

    // From a restored folder never started: the copy is made, and verify says what to do.
    const migrate = await npmRun([
      'migrate',
      '--',
      '--from-data-dir',
      restored,
      '--from-key-file',
      join(dataDir, 'key-encryption-key'),
      '--to-data-dir',
      join(root, 'migrated'),
      '--verify',
    ]);
    expect(migrate.code).toBe(1);
    expect(migrate.stdout).toMatch(/^destination: .*\(equal\)$/m);
    expect(migrate.stdout).toMatch(
      /^verify: +not compared: the source's read models were never built .*start Boon once/m,
    );
    expect(migrate.stdout).not.toMatch(/differ/);

    const seed = await npmRun(['seed', '--', '--help']);
    expect(seed.code).toBe(0);
    expect(seed.stdout).toMatch(/^usage: npm run seed/m);
  }, 300_000);

  it('stops cleanly on SIGTERM', async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
