// Enforces the import direction of docs/architecture.md (Layers) and keeps UI features independent.
// Fails `npm run check` with one line per offending import.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
const layers = ['domain', 'projections', 'infra', 'api', 'ui'];
const allowed = {
  domain: ['domain'],
  infra: ['infra', 'domain'],
  projections: ['projections', 'domain', 'infra'],
  api: ['api', 'domain', 'infra', 'projections'],
  ui: ['ui', 'domain'],
};
// Packages each layer may use; domain is pure (zod only), ui gets no server packages.
const packageRules = {
  // Pure, deterministic libraries pinned to an exact version (package.json says which).
  domain: (name) => ['zod', 'immutable', 'obscenity', 'ml-kmeans'].includes(name),
  ui: (name) =>
    ![
      'express',
      'ws',
      'better-sqlite3',
      'mongodb',
      '@eventstore/db-client',
      'pino',
      'mingo',
    ].includes(name),
};
const uiMayUseFromDomain = (path) =>
  path.startsWith(`domain${sep}contracts`) ||
  path.startsWith(`domain${sep}shared${sep}words`) ||
  path.startsWith(`domain${sep}shared${sep}text`) ||
  path.startsWith(`domain${sep}responses${sep}rules`) ||
  path.startsWith(`domain${sep}replies${sep}rules`) ||
  path.startsWith(`domain${sep}perspectives${sep}pairing`) ||
  path.startsWith(`domain${sep}identity${sep}pseudonym-words`) ||
  path.startsWith(`domain${sep}questions${sep}categories`) ||
  path.startsWith(`domain${sep}contributions${sep}question-text`);

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory()
      ? files(path)
      : /\.(ts|tsx|mjs|js)$/.test(name)
        ? [path]
        : [];
  });

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
for (const layer of layers) {
  let layerFiles;
  try {
    layerFiles = files(join(root, layer));
  } catch {
    continue;
  }
  for (const file of layerFiles) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const where = relative(root, file);
      if (specifier.startsWith('.')) {
        const target = relative(root, resolve(dirname(file), specifier));
        const targetLayer = target.split(sep)[0];
        if (!layers.includes(targetLayer)) continue;
        if (!allowed[layer].includes(targetLayer)) {
          problems.push(`${where}: ${layer}/ may not import ${targetLayer}/ (${specifier})`);
        } else if (layer === 'ui' && targetLayer === 'domain' && !uiMayUseFromDomain(target)) {
          problems.push(
            `${where}: ui/ may import only shared contracts and pure rules from domain/ (${specifier})`,
          );
        }
        const feature = where.match(/^ui[\\/]features[\\/]([^\\/]+)/)?.[1];
        const targetFeature = target.match(/^ui[\\/]features[\\/]([^\\/]+)/)?.[1];
        if (feature && targetFeature && feature !== targetFeature) {
          problems.push(
            `${where}: feature ${feature} may not import feature ${targetFeature} (${specifier})`,
          );
        }
      } else {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0];
        if (name.startsWith('node:') && (layer === 'domain' || layer === 'ui')) {
          problems.push(`${where}: ${layer}/ may not use Node built-ins (${specifier})`);
        } else if (!name.startsWith('node:') && packageRules[layer] && !packageRules[layer](name)) {
          problems.push(`${where}: ${layer}/ may not use package ${name}`);
        }
      }
    }
  }
}
/*
 * zod stays on the server. The UI may share the contracts' constants, pure rules and types, but
 * a runtime import that reaches zod (directly, or through a domain module that builds schemas,
 * such as domain/contracts/schemas/*) would ship zod to every browser and run its
 * CSP-refused `new Function` probe. A deliberate use says why on the line above the import:
 * `// ui-uses-zod: <reason>`. Type-only imports (`import type`, `export type … from`) are
 * erased when compiled and load nothing.
 */
const DELIBERATE_ZOD = /\/\/\s*ui-uses-zod:\s*\S/;
const statementPattern =
  /(?:^|\n)[ \t]*(import|export)(\s+type)?\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const isZod = (specifier) => specifier === 'zod' || specifier.startsWith('zod/');

const resolveFile = (from, specifier) => {
  const base = resolve(dirname(from), specifier);
  return (
    [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
      (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
    ) ?? null
  );
};

/** A file's imports that load something when it runs, each with whether it is marked deliberate. */
const runtimeImportCache = new Map();
const runtimeImportsOf = (file) => {
  if (runtimeImportCache.has(file)) return runtimeImportCache.get(file);
  const source = readFileSync(file, 'utf8');
  const found = [];
  for (const match of source.matchAll(statementPattern)) {
    const typeOnly = match[2] !== undefined;
    const specifier = match[3] ?? match[4];
    if (typeOnly) continue;
    // `export { a } from` loads its module; `export const` has no specifier and is not matched.
    const start = match.index + (match[0].startsWith('\n') ? 1 : 0);
    const lineBefore = source.slice(0, start).trimEnd().split('\n').at(-1) ?? '';
    found.push({ specifier, deliberate: DELIBERATE_ZOD.test(lineBefore) });
  }
  runtimeImportCache.set(file, found);
  return found;
};

/** The chain of domain modules from `file` to one that imports zod at runtime, or null. */
const zodChainFrom = (file, seen = new Set()) => {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const { specifier } of runtimeImportsOf(file)) {
    if (isZod(specifier)) return [file];
    if (!specifier.startsWith('.')) continue;
    const target = resolveFile(file, specifier);
    if (!target || !relative(root, target).startsWith(`domain${sep}`)) continue;
    const chain = zodChainFrom(target, seen);
    if (chain) return [file, ...chain];
  }
  return null;
};

let uiFiles = [];
try {
  uiFiles = files(join(root, 'ui'));
} catch {
  uiFiles = [];
}
for (const file of uiFiles) {
  const where = relative(root, file);
  for (const { specifier, deliberate } of runtimeImportsOf(file)) {
    if (deliberate) continue;
    if (isZod(specifier)) {
      problems.push(
        `${where}: ui/ imports zod (${specifier}); mark a deliberate use with "// ui-uses-zod: <why>"`,
      );
      continue;
    }
    if (!specifier.startsWith('.')) continue;
    const target = resolveFile(file, specifier);
    if (!target || !relative(root, target).startsWith(`domain${sep}`)) continue;
    const chain = zodChainFrom(target);
    if (chain) {
      problems.push(
        `${where}: ui/ reaches zod through ${chain.map((f) => relative(root, f)).join(' -> ')}; import the constants and types from a module without schemas, or mark a deliberate use with "// ui-uses-zod: <why>"`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(
    `Import direction violations (docs/architecture.md (Layers)):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('imports: every layer imports only what docs/architecture.md (Layers) allows');
