// The server's programs: what `npm run build` compiles to dist/server/NAME.js, and what
// `npm run NAME` runs (the TypeScript source where it is, else the compiled file: the image
// holds no source and no TypeScript compiler).
export const SERVER_ENTRIES = {
  main: 'api/main.ts',
  analyst: 'api/analyst/main.ts',
  backup: 'api/ops/backup.ts',
  doctor: 'api/ops/doctor.ts',
  migrate: 'api/ops/migrate.ts',
  projections: 'api/ops/projections.ts',
  restore: 'api/ops/restore.ts',
  seed: 'api/seed/main.ts',
  // The embedded log's writer thread, started by file (infra/event-store/sqlite-append-thread.ts).
  'sqlite-append-worker': 'infra/event-store/sqlite-append-worker.ts',
};

export const SERVER_OUT_DIR = 'dist/server';
