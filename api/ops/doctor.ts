// `npm run doctor`: checks the configuration this environment gives Boon, its files' modes,
// the engines, the projections and their leases, and disk space. Exits 1 when any line says
// what to do.
import { runCli } from './cli';
import { diagnose } from './doctor-checks';

const USAGE = `Checks what Boon needs, with the environment Boon runs with.

usage: npm run doctor

One line per check: "ok", or "FIX" and what to do. Checks the configuration, the owner-only
modes of DATA_DIR and its files, the key-encryption key, the engines answering, each
projection and its lease, and free disk space. Exit codes: 0 all well, 1 something to fix.`;

runCli({ name: 'doctor', usage: USAGE, options: {} }, async () => {
  const findings = await diagnose(process.env);
  const width = Math.max(...findings.map((f) => f.check.length));
  for (const f of findings) {
    console.log(`${f.ok ? 'ok ' : 'FIX'}  ${f.check.padEnd(width)}  ${f.detail}`);
  }
  return findings.some((f) => !f.ok) ? 1 : 0;
});
