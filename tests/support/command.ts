import { spawn } from 'node:child_process';

/** How a command ended, and what it printed. */
export type Run = { code: number | null; stdout: string; stderr: string };

/**
 * Runs a TypeScript entry point (`api/ops/migrate.ts`) as an operator's command would run, in
 * a process of its own through tsx, with `env` over this process's environment. `killWhen`
 * kills it (SIGKILL) as soon as what it printed on stderr satisfies it: a command cut
 * mid-way.
 */
export const runCommand = (
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
  killWhen?: (stderr: string) => boolean,
) =>
  new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: Run = { code: null, stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
      if (killWhen?.(run.stderr)) child.kill('SIGKILL');
    });
    child.once('exit', (code) => resolve({ ...run, code }));
  });
