// `npm run check`: type-checks (four projects), lint, format and import directions, two at a
// time (each is one thread; the machine has cores to spare). Each check's output is printed
// whole once it ends; the run fails if any check does.
import { spawn } from 'node:child_process';

const bin = (name) => `node_modules/.bin/${name}`;
const checks = [
  ['types (api, domain, infra, tests)', bin('tsc'), ['-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['types (ui)', bin('tsc'), ['-p', 'tsconfig.ui.json']],
  ['types (browser tests)', bin('tsc'), ['-p', 'tsconfig.browser-tests.json']],
  ['types (service worker)', bin('tsc'), ['-p', 'tsconfig.sw.json']],
  ['format', bin('prettier'), ['--check', '.']],
  ['imports', process.execPath, ['scripts/check-imports.mjs']],
];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`== check ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });

const queue = [...checks];
const lane = async () => {
  let ok = true;
  for (let check = queue.shift(); check; check = queue.shift()) ok = (await run(check)) && ok;
  return ok;
};
const results = await Promise.all([lane(), lane()]);
process.exit(results.every(Boolean) ? 0 : 1);
