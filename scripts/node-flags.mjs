// The V8 flags Boon's server runs with: `npm start`, the browser tests' servers, the processes
// the reliability tests and benches start, and (by NODE_OPTIONS) the image.
//
// V8 sizes a process's heap by the machine's memory (4 GiB on this 24 GiB machine) and grows it
// before collecting in full. A rebuild makes much short-lived garbage (each page of the log read,
// opened and written out): on PostgreSQL at 1M events its process held 1.7 GiB of RSS for a live
// heap of 110–230 MiB. A limit makes V8 collect instead of growing (at 0.28M events, the
// rebuild's peak RSS 736 → 362 MiB with 512 MiB). HEAP_LIMIT_MB sets it; a NODE_OPTIONS that
// names its own --max-old-space-size wins.

export const DEFAULT_HEAP_LIMIT_MB = 768;

/** The flags for a server process started with `env`; throws naming HEAP_LIMIT_MB when invalid. */
export const heapFlags = (env = process.env) => {
  if (/--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '')) return [];
  const raw = env.HEAP_LIMIT_MB || String(DEFAULT_HEAP_LIMIT_MB);
  if (!/^\d{1,7}$/.test(raw) || Number(raw) < 256) {
    throw new Error(`HEAP_LIMIT_MB must be a whole number of MiB, 256 or more (got "${raw}")`);
  }
  return [`--max-old-space-size=${Number(raw)}`];
};
