import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const checkTree = (files: Record<string, string>) => {
  root = mkdtempSync(join(tmpdir(), 'boon-imports-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return spawnSync(process.execPath, [resolve('scripts/check-imports.mjs'), root], {
    encoding: 'utf8',
  });
};

describe('the import-direction check', () => {
  it('passes a tree that follows the layer rules of docs/architecture.md', () => {
    const result = checkTree({
      'domain/a.ts': "import { z } from 'zod';\n",
      'infra/b.ts': "import { a } from '../domain/a';\n",
      'api/c.ts': "import { b } from '../infra/b';\nimport express from 'express';\n",
    });
    expect(result.status).toBe(0);
  });

  it.each([
    [
      'domain importing infra',
      { 'domain/a.ts': "import { b } from '../infra/b';\n" },
      'domain/ may not import infra/',
    ],
    [
      'domain using a package',
      { 'domain/a.ts': "import express from 'express';\n" },
      'domain/ may not use package express',
    ],
    [
      'ui importing api',
      { 'ui/a.ts': "import { x } from '../api/app';\n" },
      'ui/ may not import api/',
    ],
    [
      'ui importing server code from domain',
      { 'ui/a.ts': "import { x } from '../domain/event-catalog';\n" },
      'only shared contracts',
    ],
    [
      'features importing each other',
      { 'ui/features/a/x.ts': "import { y } from '../b/y';\n" },
      'feature a may not import feature b',
    ],
  ])('fails on %s', (_name, files, message) => {
    const result = checkTree(files);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
