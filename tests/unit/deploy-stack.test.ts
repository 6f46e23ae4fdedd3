import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  boonServices,
  dockerfileStages,
  composeProblems,
  parseCompose,
  proxyUpstreams,
  roleOf,
  type ComposeFile,
  type Image,
} from '../support/deploy-stack';
import { DEFAULT_HEAP_LIMIT_MB, heapFlags } from '../../scripts/node-flags.mjs';
import { SERVER_ENTRIES } from '../../scripts/server-entries.mjs';

const read = (file: string) => readFileSync(file, 'utf8');

const dockerfile = dockerfileStages(read('Dockerfile'));
const runtime = dockerfile.stages.at(-1)!;
const instruction = (name: string) =>
  runtime.instructions.filter((line) => line.startsWith(`${name} `));
const image: Image = {
  port: /PORT=(\d+)/.exec(instruction('ENV').join(' '))?.[1] ?? '',
  healthcheck: instruction('HEALTHCHECK').length === 1,
};
const { compose, errors } = parseCompose(read('docker-compose.yml'));

const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** Whether a version satisfies `engines.node`, written as caret ranges joined by `||`. */
const satisfiesEngines = (version: string) =>
  packageJson.engines.node.split('||').some((range) => {
    const [major, minor, patch] = /^\^(\d+)\.(\d+)\.(\d+)$/
      .exec(range.trim())!
      .slice(1)
      .map(Number);
    const [a, b, c] = version.split('.').map(Number);
    return a === major && (b! > minor! || (b === minor && c! >= patch!));
  });

/** The Node line CI tests besides the machine's (.ci/run), which the image must run. */
const ciLts = /^NODE_LTS=(\d+\.\d+\.\d+)$/m.exec(read('.ci/run'))?.[1];

/** The tools the README's operations name, each run as `npm run NAME` in the image. */
const OPERATOR_TOOLS = ['projections', 'backup', 'restore', 'migrate', 'doctor', 'analyst', 'seed'];

describe('the image (Dockerfile)', () => {
  it('builds in one stage and runs from a slim one, on the Active LTS line CI tests besides this one', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const nodeVersion = /ARG NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(dockerfile.args.join('\n'))?.[1];
    expect(nodeVersion).toBe(ciLts);
    expect(Number(nodeVersion!.split('.')[0]) % 2).toBe(0); // an LTS line
    // engines says what is tested: the image's line and the line this runner is on.
    expect(satisfiesEngines(nodeVersion!)).toBe(true);
    expect(satisfiesEngines(process.versions.node)).toBe(true);
    expect(satisfiesEngines('22.12.0')).toBe(false);
    for (const stage of dockerfile.stages) expect(stage.from).toContain('${NODE_VERSION}');
    const build = dockerfile.stages[0]!.instructions.join('\n');
    expect(build).toContain('npm ci');
    expect(build).toContain('npm run build');
    expect(build).toContain('npm prune --omit=dev');
    expect(packageJson.scripts.build).toContain('scripts/build-server.mjs');
  });

  it('runs compiled JavaScript: no TypeScript compiler in production', () => {
    expect(instruction('CMD')).toEqual([
      'CMD ["node", "--enable-source-maps", "dist/server/main.js"]',
    ]);
    expect(SERVER_ENTRIES.main).toBe('api/main.ts');
    expect(runtime.instructions.join('\n')).not.toMatch(/tsx|typescript|\.ts\b/);
    for (const compiler of ['tsx', 'typescript', 'esbuild']) {
      expect(packageJson.dependencies[compiler], compiler).toBeUndefined();
    }
  });

  it('runs under the heap limit `npm start` gives (scripts/node-flags.mjs)', () => {
    expect(instruction('ENV').join(' ')).toContain(
      `NODE_OPTIONS=--max-old-space-size=${DEFAULT_HEAP_LIMIT_MB}`,
    );
    expect(heapFlags({})).toEqual([`--max-old-space-size=${DEFAULT_HEAP_LIMIT_MB}`]);
    expect(heapFlags({ HEAP_LIMIT_MB: '2048' })).toEqual(['--max-old-space-size=2048']);
    // An operator's own NODE_OPTIONS limit is theirs.
    expect(heapFlags({ NODE_OPTIONS: '--max-old-space-size=4096', HEAP_LIMIT_MB: '512' })).toEqual(
      [],
    );
    expect(heapFlags({ HEAP_LIMIT_MB: '' })).toEqual(heapFlags({}));
    for (const bad of ['lots', '100', '-1', '1e3']) {
      expect(() => heapFlags({ HEAP_LIMIT_MB: bad })).toThrow(/^HEAP_LIMIT_MB must be/);
    }
  });

  it('holds every operator tool, run as `npm run NAME` from its compiled program', () => {
    const copied = instruction('COPY').join('\n');
    expect(copied).toContain('/app/dist/server');
    expect(copied).toMatch(/\/app\/scripts\/tool\.mjs/);
    expect(copied).toMatch(/\/app\/scripts\/server-entries\.mjs/);
    expect(copied).toMatch(/\/app\/package\.json/);
    for (const tool of OPERATOR_TOOLS) {
      expect(packageJson.scripts[tool], tool).toBe(`node scripts/tool.mjs ${tool}`);
      expect(SERVER_ENTRIES[tool], tool).toBeDefined();
    }
    // Every `npm run NAME` the README and its pages tell of is one of them (or a developer's),
    // and every operator tool is told of somewhere.
    const pages = readdirSync('docs').map((page) => read(join('docs', page)));
    const text = [read('README.md'), ...pages].join('\n');
    const named = [...text.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1]!);
    for (const tool of OPERATOR_TOOLS) expect(named, tool).toContain(tool);
    for (const name of named) expect(packageJson.scripts[name], name).toBeDefined();
  });

  it('runs as a non-root user, checks its own health, and gets SIGTERM itself', () => {
    const user = instruction('USER').at(-1)?.split(/\s+/)[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(image.healthcheck).toBe(true);
    expect(instruction('HEALTHCHECK')[0]).toContain('/healthz');
    expect(image.port).toBe('3000');
    // node itself as PID 1: no npm or shell that would swallow the signal.
    expect(instruction('CMD')[0]).toMatch(/^CMD \["node", /);
  });

  it('copies only what exists or the build makes, and bakes in no secret, data or local install', () => {
    for (const line of instruction('COPY')) {
      const sources = line
        .split(/\s+/)
        .slice(2, -1)
        .map((source) => source.replace(/^\/app\//, ''));
      for (const source of sources) {
        if (['node_modules', 'dist/ui', 'dist/ui-render', 'dist/server'].includes(source)) continue;
        expect(existsSync(source), source).toBe(true);
      }
    }
    const ignored = read('.dockerignore').split('\n');
    for (const path of ['.git', 'node_modules', 'data', 'secrets', '.env']) {
      expect(ignored).toContain(path);
    }
    expect(read('Dockerfile')).not.toMatch(/(SECRET|PASSWORD|KEY)=/);
  });
});

describe('the stack (docker-compose.yml)', () => {
  it('parses, follows the compose schema, and holds together', () => {
    expect(errors).toEqual([]);
    expect(composeProblems(compose, image)).toEqual([]);
  });

  it('runs two API replicas and a projector on EventStoreDB and a MongoDB replica set', () => {
    const roles = boonServices(compose).map(([name, service]) => [name, roleOf(service)]);
    expect(roles).toEqual([
      ['api-1', 'api'],
      ['api-2', 'api'],
      ['projector', 'projector'],
    ]);
    expect(compose.services.eventstore?.image).toMatch(/^eventstore\/eventstore:/);
    expect(compose.services.mongo?.image).toMatch(/^mongo:/);
    expect(JSON.stringify(compose.services.mongo)).toContain('--replSet');
    for (const [, service] of boonServices(compose)) {
      expect(service.depends_on).toEqual({
        eventstore: { condition: 'service_healthy' },
        mongo: { condition: 'service_healthy' },
      });
    }
  });

  it('shows the browser one port, the proxy, which spreads over both API replicas', () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    const mounted = compose.services.proxy!.volumes!.find((v) => v.includes('Caddyfile'))!;
    const upstreams = proxyUpstreams(read(mounted.split(':')[0]!));
    expect(upstreams).toEqual([
      { host: 'api-1', port: image.port },
      { host: 'api-2', port: image.port },
    ]);
  });

  it('takes its secrets from files the repository never holds', () => {
    for (const secret of Object.values(compose.secrets ?? {})) {
      expect(secret.file).toMatch(/^\.\/secrets\//);
    }
    expect(read('.gitignore').split('\n')).toContain('secrets/');
  });

  const broken: [string, (c: ComposeFile) => void, RegExp][] = [
    ['a misspelt key', (c) => Object.assign(c.services.mongo!, { helthcheck: {} }), /schema/],
    ['a dependency on no service', (c) => (c.services['api-1']!.depends_on = ['kafka']), /kafka/],
    ['a variable Boon never reads', (c) => (env(c).MONGO_URL = 'x'), /reads no MONGO_URL/],
    ['a secret in the open', (c) => (env(c).AUTH_SECRET = 'x'.repeat(40)), /AUTH_SECRET_FILE/],
    ['an unmounted secret', (c) => (c.services['api-1']!.secrets = []), /not mounted/],
    ['a value Boon refuses', (c) => (env(c).MONGODB_URL = 'http://mongo'), /MONGODB_URL/],
    ['a service without health', (c) => delete c.services.mongo!.healthcheck, /no health check/],
    ['an API published directly', (c) => (c.services['api-1']!.ports = ['3000:3000']), /proxy/],
  ];
  const env = (c: ComposeFile) => c.services['api-1']!.environment as Record<string, string>;
  it.each(broken)('finds %s', (_what, breakIt, problem) => {
    const copy = structuredClone(compose);
    breakIt(copy);
    expect(composeProblems(copy, image).join('\n')).toMatch(problem);
  });
});

describe('the PostgreSQL stack (docker-compose.postgres.yml)', () => {
  const { compose: stack, errors: stackErrors } = parseCompose(read('docker-compose.postgres.yml'));

  it('parses, follows the compose schema, and holds together', () => {
    expect(stackErrors).toEqual([]);
    expect(composeProblems(stack, image)).toEqual([]);
  });

  it('runs two API replicas and a projector on the official postgres image', () => {
    const roles = boonServices(stack).map(([name, service]) => [name, roleOf(service)]);
    expect(roles).toEqual([
      ['api-1', 'api'],
      ['api-2', 'api'],
      ['projector', 'projector'],
    ]);
    expect(stack.services.postgres?.image).toMatch(/^postgres:\d+$/);
    for (const [, service] of boonServices(stack)) {
      expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      const env = service.environment as Record<string, string>;
      // The URL holds the password: from a secret, never written here.
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.DATABASE_URL_FILE).toBe('/run/secrets/database_url');
    }
  });

  it('shows the browser one port, the proxy, which spreads over both API replicas', () => {
    const published = Object.entries(stack.services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    const mounted = stack.services.proxy!.volumes!.find((v) => v.includes('Caddyfile'))!;
    expect(proxyUpstreams(read(mounted.split(':')[0]!))).toEqual([
      { host: 'api-1', port: image.port },
      { host: 'api-2', port: image.port },
    ]);
  });

  it('takes its secrets from files the repository never holds', () => {
    for (const secret of Object.values(stack.secrets ?? {})) {
      expect(secret.file).toMatch(/^\.\/secrets\//);
    }
  });

  it('finds a database URL written into the file', () => {
    const copy = structuredClone(stack);
    (copy.services['api-1']!.environment as Record<string, string>).DATABASE_URL =
      'postgres://boon:pw@postgres/boon';
    expect(composeProblems(copy, image).join('\n')).toMatch(
      /DATABASE_URL and EVENTSTORE|DATABASE_URL_FILE|set one, not both/,
    );
  });
});
