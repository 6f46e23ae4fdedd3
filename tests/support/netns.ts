import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Hosts on one machine for a test of what crosses a network: a network namespace per host, each
 * joined by a veth pair to a bridge in a switch namespace of its own, and one more pair from the
 * test runner's namespace, so the runner reaches every host and nothing else is touched. Only
 * addresses inside the made subnet are ever used. Needs root (CI runs as root).
 */

export type Host = { name: string; namespace: string; address: string; link: string };

export type Network = {
  hosts: Record<string, Host>;
  /** The runner's own address on the network. */
  runnerAddress: string;
  /** Takes a host off the network (its link down), or puts it back. */
  cut(host: string): void;
  restore(host: string): void;
  /** A process inside a host's namespace. */
  spawnIn(host: string, command: string, args: string[], options?: SpawnInOptions): ChildProcess;
  destroy(): void;
};

type SpawnInOptions = { env?: NodeJS.ProcessEnv; user?: string };

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const inNamespace = (namespace: string, ...args: string[]) =>
  ip('netns', 'exec', namespace, ...args);

/** Why namespaces cannot be made here, or null when they can. */
export const namespacesUnavailable = (): string | null => {
  if (process.getuid?.() !== 0) return 'network namespaces need root (CI runs as root)';
  const probe = `boonprobe${process.pid}`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return null;
  } catch (error) {
    return `ip netns cannot make a namespace here: ${(error as Error).message.split('\n')[0]}`;
  }
};

/** Builds the network; `prefix` keeps names short (Linux allows 15 characters an interface). */
export const makeNetwork = (prefix: string, names: string[]): Network => {
  const subnet = `10.213.${1 + Math.floor(Math.random() * 250)}`;
  const switchNs = `${prefix}-sw`;
  const made: string[] = [];
  const hosts: Record<string, Host> = {};
  const runnerLink = `${prefix}r0`;
  try {
    ip('netns', 'add', switchNs);
    made.push(switchNs);
    inNamespace(switchNs, 'ip', 'link', 'add', 'br0', 'type', 'bridge');
    inNamespace(switchNs, 'ip', 'link', 'set', 'br0', 'up');
    const plug = (outside: string, inside: string, namespace: string | null) => {
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
      ip('link', 'set', inside, 'netns', switchNs);
      inNamespace(switchNs, 'ip', 'link', 'set', inside, 'master', 'br0');
      inNamespace(switchNs, 'ip', 'link', 'set', inside, 'up');
      if (namespace) ip('link', 'set', outside, 'netns', namespace);
    };
    names.forEach((name, i) => {
      const namespace = `${prefix}-${name}`;
      ip('netns', 'add', namespace);
      made.push(namespace);
      const link = `${prefix}h${i}`;
      plug(link, `${prefix}s${i}`, namespace);
      const address = `${subnet}.${i + 2}`;
      inNamespace(namespace, 'ip', 'addr', 'add', `${address}/24`, 'dev', link);
      inNamespace(namespace, 'ip', 'link', 'set', link, 'up');
      inNamespace(namespace, 'ip', 'link', 'set', 'lo', 'up');
      hosts[name] = { name, namespace, address, link };
    });
    plug(runnerLink, `${prefix}sr`, null);
    ip('addr', 'add', `${subnet}.1/24`, 'dev', runnerLink);
    ip('link', 'set', runnerLink, 'up');
  } catch (error) {
    made.reverse().forEach((ns) => ip('netns', 'del', ns));
    throw error;
  }
  const hostOf = (name: string) => {
    const host = hosts[name];
    if (!host) throw new Error(`no host ${name}`);
    return host;
  };
  return {
    hosts,
    runnerAddress: `${subnet}.1`,
    cut: (name) => {
      const host = hostOf(name);
      inNamespace(host.namespace, 'ip', 'link', 'set', host.link, 'down');
    },
    restore: (name) => {
      const host = hostOf(name);
      inNamespace(host.namespace, 'ip', 'link', 'set', host.link, 'up');
    },
    spawnIn: (name, command, args, options = {}) => {
      const host = hostOf(name);
      // setpriv execs the command itself (no parent left between): signals reach it.
      const wrapped = options.user
        ? [
            'netns',
            'exec',
            host.namespace,
            'setpriv',
            `--reuid=${options.user}`,
            `--regid=${options.user}`,
            '--init-groups',
            command,
            ...args,
          ]
        : ['netns', 'exec', host.namespace, command, ...args];
      return spawn('ip', wrapped, {
        env: options.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    },
    destroy: () => {
      try {
        ip('link', 'del', runnerLink);
      } catch {
        // gone with the switch's namespace already
      }
      made.reverse().forEach((ns) => {
        try {
          ip('netns', 'del', ns);
        } catch {
          // already gone
        }
      });
    },
  };
};

const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export const postgresBinariesMissing = (): string | null =>
  existsSync(join(POSTGRES_BIN, 'postgres')) ? null : `no PostgreSQL 15 server in ${POSTGRES_BIN}`;

/**
 * A PostgreSQL server of the test's own inside a host's namespace, listening only on that
 * host's address (a cluster made for the test with initdb, run as the `postgres` user, trusting
 * the test subnet: it is reachable from nowhere else). Answers its connection string.
 */
export const startPostgresIn = async (
  network: Network,
  host: string,
): Promise<{ url: string; stop: () => Promise<void> }> => {
  const { address } = network.hosts[host]!;
  const dir = mkdtempSync(join(tmpdir(), 'boon-netns-pg-'));
  const data = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  execFileSync('mkdir', ['-p', socketDir]);
  const postgresUser = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const postgresGroup = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, postgresUser, postgresGroup);
  chownSync(socketDir, postgresUser, postgresGroup);
  execFileSync(
    'runuser',
    [
      '-u',
      'postgres',
      '--',
      join(POSTGRES_BIN, 'initdb'),
      '-D',
      data,
      '-U',
      'boon',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ],
    { stdio: 'pipe' },
  );
  appendFileSync(
    join(data, 'pg_hba.conf'),
    `host all all ${address.replace(/\.\d+$/, '.0')}/24 trust\n`,
  );
  const child = network.spawnIn(
    host,
    join(POSTGRES_BIN, 'postgres'),
    ['-D', data, '-k', socketDir, '-c', `listen_addresses=${address}`, '-c', 'fsync=off'],
    { user: 'postgres' },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!/ready to accept connections/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`PostgreSQL in ${host} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `postgres://boon@${address}:5432/postgres`,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
