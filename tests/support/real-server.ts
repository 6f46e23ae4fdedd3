import { spawn, type ChildProcess } from 'node:child_process';
import { heapFlags } from '../../scripts/node-flags.mjs';

export type RealServer = {
  url: string;
  child: ChildProcess;
  /** The exit code once the process ended (signals count as -1), else null. */
  exitCode(): number | null;
  /** Ends the process with this signal and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Its standard output and error from the start, a line each (kept only when asked with `keepLog`). */
  logLines(): string[];
};

/**
 * The real process on a port of its choosing: api/main.ts through tsx, or, `compiled`, the
 * JavaScript `npm start` runs (dist/server/main.js: build it first, `npm run build:server`).
 * What ends it ends this server, not the test runner.
 */
export const spawnServer = async (
  env: Record<string, string>,
  {
    compiled = false,
    keepLog = false,
    namespace,
  }: {
    compiled?: boolean;
    keepLog?: boolean;
    /** A network namespace to run it in (tests/support/netns.ts: a host of its own). */
    namespace?: string;
  } = {},
): Promise<RealServer> => {
  // With the heap limit `npm start` gives it (scripts/node-flags.mjs).
  const program = [
    ...heapFlags({ ...process.env, ...env }),
    ...(compiled
      ? ['--enable-source-maps', 'dist/server/main.js']
      : ['--import', 'tsx', 'api/main.ts']),
  ];
  // `ip netns exec` execs node itself: signals sent to the child reach the server.
  const [command, args] = namespace
    ? ['ip', ['netns', 'exec', namespace, process.execPath, ...program]]
    : [process.execPath, program];
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const role = env.ROLE ?? 'all';
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code ?? -1;
      resolve();
    }),
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"url":"(http:\/\/[^"]+)"/);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  // Keep draining its output so a chatty server never blocks on a full pipe; its warnings and
  // errors reach the test's output.
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  let log = keepLog ? output : '';
  child.stdout!.on('data', (chunk: Buffer) => {
    if (keepLog) log += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (/"level":(4|5|6)0/.test(line)) console.warn(`[${role}] ${line.slice(0, 1000)}`);
    }
  });
  // What it says on standard error (a stack of a crash, Node's own warnings) is never dropped:
  // kept with the log and shown in the test's output.
  child.stderr!.on('data', (chunk: Buffer) => {
    if (keepLog) log += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (line.trim()) console.warn(`[${role} stderr] ${line.slice(0, 1000)}`);
    }
  });
  return {
    url,
    child,
    exitCode: () => exitCode,
    logLines: () => log.split('\n'),
    stop: async (signal = 'SIGKILL') => {
      if (exitCode === null) child.kill(signal);
      await exited;
    },
  };
};
