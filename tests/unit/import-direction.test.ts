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

describe('zod stays out of the UI', () => {
  const contract = {
    'domain/contracts/notes.ts':
      "export const NOTE_MAX = 40;\nexport type { NoteBody } from './schemas/notes';\n",
    'domain/contracts/schemas/notes.ts':
      "import { z } from 'zod';\nimport { NOTE_MAX } from '../notes';\nexport const noteBody = z.object({ text: z.string().max(NOTE_MAX) });\nexport type NoteBody = z.infer<typeof noteBody>;\n",
  };

  it('lets the UI use a contract’s constants and types, and a schema module’s types', () => {
    const result = checkTree({
      ...contract,
      'ui/form.tsx': [
        "import { NOTE_MAX, type NoteBody } from '../domain/contracts/notes';",
        "import type { noteBody } from '../domain/contracts/schemas/notes';",
        '',
      ].join('\n'),
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  const reaching: [name: string, source: string, extra: Record<string, string>][] = [
    ['a schema module', "import { noteBody } from '../domain/contracts/schemas/notes';\n", {}],
    ['zod itself', "import { z } from 'zod';\n", {}],
    [
      'a schema module loaded later',
      "const load = () => import('../domain/contracts/schemas/notes');\n",
      {},
    ],
    [
      'a contract that builds a schema',
      "import { NOTE_MAX } from '../domain/contracts/mixed';\n",
      {
        'domain/contracts/mixed.ts':
          "export { NOTE_MAX } from './notes';\nexport { noteBody } from './schemas/notes';\n",
      },
    ],
  ];
  it.each(reaching)('fails on a UI module reaching %s at runtime', (_name, source, extra) => {
    const result = checkTree({ ...contract, ...extra, 'ui/form.tsx': source });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/ui\/form\.tsx: ui\/ (reaches|imports) zod/);
  });

  it('allows a use marked deliberate, with its reason', () => {
    const result = checkTree({
      ...contract,
      'ui/form.tsx':
        "// ui-uses-zod: this admin form validates the whole template before sending it\nimport { noteBody } from '../domain/contracts/schemas/notes';\n",
    });
    expect(result.status).toBe(0);
  });

  it('holds for Boon’s own UI: no module imports a zod schema', () => {
    const result = spawnSync(process.execPath, [resolve('scripts/check-imports.mjs')], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
