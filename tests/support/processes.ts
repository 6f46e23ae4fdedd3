import { spawn, type ChildProcess } from 'node:child_process';

export type BoonProcess = {
  child: ChildProcess;
  url: string;
  role: string;
  exited: () => boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/** Starts `api/main.ts` as its own process, as `npm start` does, and waits until it serves. */
export const startBoonProcess = (
  role: 'all' | 'api' | 'projector',
  env: Record<string, string>,
): Promise<BoonProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: {
        ...process.env,
        ROLE: role,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'process-test-password',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let exited = false;
    let output = '';
    const exit = new Promise<void>((done) =>
      child.once('exit', () => {
        exited = true;
        done();
      }),
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"url":"(http:\/\/[^"]+)"/);
      if (match) {
        child.stdout!.off('data', onData);
        // Warnings and errors of the process reach the test's output; the rest is dropped.
        child.stdout!.on('data', (more: Buffer) => {
          for (const line of more.toString().split('\n')) {
            if (/"level":(4|5|6)0/.test(line)) console.warn(`[${role}] ${line.slice(0, 1000)}`);
          }
        });
        resolve({
          child,
          url: match[1]!,
          role,
          exited: () => exited,
          kill: async (signal = 'SIGKILL') => {
            if (!exited) child.kill(signal);
            await exit;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exit.then(() => reject(new Error(`${role} process exited before serving:\n${output}`)));
  });
