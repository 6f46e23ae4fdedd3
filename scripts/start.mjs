// `npm start`: build the UI if needed, then run API + UI + ws + projections on one port.
import { spawn } from 'node:child_process';
import { ensureUiBuilt } from './ui-build.mjs';

ensureUiBuilt();
const server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
