// `tsx api/ops/doctor.ts`: checks the configuration this environment gives Boon, its files'
// modes, the engines, the projections and their leases, and disk space. Exits 1 when any
// line says what to do.
import { diagnose } from './doctor-checks';
import { run } from './cli';

run(async () => {
  const findings = await diagnose(process.env);
  const width = Math.max(...findings.map((f) => f.check.length));
  for (const f of findings) {
    console.log(`${f.ok ? 'ok ' : 'FIX'}  ${f.check.padEnd(width)}  ${f.detail}`);
  }
  if (findings.some((f) => !f.ok)) process.exit(1);
});
