// Enforces the import direction of docs/architecture.md (Layers) and keeps UI features independent.
// Fails `npm run check` with one line per offending import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
  domain: (name) => ['zod', 'immutable', 'obscenity'].includes(name),
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
  path.startsWith(`domain${sep}questions${sep}categories`);

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
if (problems.length > 0) {
  console.error(
    `Import direction violations (docs/architecture.md (Layers)):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log('imports: every layer imports only what docs/architecture.md (Layers) allows');
