// `npm run projections -- status | rebuild NAME… | rebuild --all | retry REACTOR [EVENT]`: asks the Boon process on
// this machine (PORT, default 3000) over loopback, and follows each rebuild to its end
// wherever it runs (this process, or a projector elsewhere that took the request).
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError, runCli, UsageError } from './cli';
import type { ParkedReactions } from '../../projections/engine/parked-reactions';
import type { ProjectionStanding, RebuildStart } from './projection-ops';
import type { RetryStart } from './reactor-ops';
import { followStep, progressLine, startFollowing } from './rebuild-follow';

const USAGE = `Shows the projections, or rebuilds them while Boon keeps serving.

usage: npm run projections -- status
       npm run projections -- rebuild NAME [NAME…]
       npm run projections -- rebuild --all
       npm run projections -- retry REACTOR [EVENT]

  status          each projection: state, position, lag, lease holder, errors; then the
                  events reactors parked (gave up on after their attempts), with their errors
  rebuild NAME    rebuild these projections into a new generation, then swap it in
  rebuild --all   rebuild every projection (those one process runs from one read of the log)
  retry REACTOR   try the reactor's parked events again (EVENT: only that one), once their
                  cause is fixed; each that goes through is unparked
  --port N        the Boon process to ask, on this machine (default PORT, else 3000)

A rebuild runs in whichever process holds the projection: this command asks the one on
PORT, which rebuilds it or hands the request on, and follows it to its end, reporting events
done, events/s, lag and ETA. Ctrl-C stops following, not the rebuild.
A retry runs in the process holding the reactor, at its next lease check; this command
follows it until every event asked for was tried.
Exit codes: 0 done, 1 refused or failed (or a retried event failed again), 2 bad arguments.`;

/** The operations header: without it the app refuses, so a web page cannot call this. */
const OPS_HEADER = { 'X-Boon-Ops': '1' };
const POLL_MS = 1_000;

const api = (port: string) => {
  const base = `http://127.0.0.1:${port}/ops`;
  return async <T>(path: string, method: 'GET' | 'POST' = 'GET'): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { method, headers: OPS_HEADER });
    } catch {
      throw new CliError(`nothing answers on 127.0.0.1:${port}: start Boon, or give --port`);
    }
    const body = (await res.json().catch(() => null)) as { detail?: string; title?: string } | null;
    if (!res.ok) {
      throw new CliError(`${res.status} ${body?.title ?? ''}: ${body?.detail ?? 'refused'}`.trim());
    }
    return body as T;
  };
};

/** Cells under their column names, each column as wide as its widest cell. */
const table = <R extends Record<string, string | number>>(rows: R[]) => {
  const columns = Object.keys(rows[0] ?? {});
  const width = (c: string) => Math.max(c.length, ...rows.map((r) => String(r[c]).length));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(width(columns[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
};

const showParked = (reactors: ParkedReactions[]) => {
  const parked = reactors.filter((r) => r.count > 0);
  if (parked.length === 0) {
    console.log('\nparked reactions: none');
    return;
  }
  console.log('\nparked reactions (fix the cause, then: npm run projections -- retry REACTOR)');
  table(
    parked.flatMap((r) =>
      r.events.map((e) => ({
        reactor: r.reactor,
        event: e.eventId,
        type: e.eventType,
        position: e.position,
        attempts: e.attempts,
        retry: e.retryAsked ? 'asked' : '',
        error: e.error,
      })),
    ),
  );
  for (const r of parked.filter((p) => p.count > p.events.length)) {
    console.log(`${r.reactor}: ${r.count - r.events.length} more parked, not shown`);
  }
};

const showStatus = (standings: ProjectionStanding[]) => {
  const rows = standings.map((s) => ({
    projection: s.name,
    state: s.rebuild ? `rebuild ${s.rebuild.phase}` : s.state,
    generation: s.generation,
    position: s.checkpoint ?? '-',
    lag: s.lagEvents,
    holder: s.leaseOwner ?? '-',
    error: s.lastError ?? '',
  }));
  table(rows);
};

/** Follows a retry until the reactor has tried every event asked for; 1 if one failed again. */
const retry = async (call: ReturnType<typeof api>, reactor: string, event?: string) => {
  const countOf = async () => {
    const parked = await call<ParkedReactions[]>('/reactors/parked');
    const mine = parked.find((r) => r.reactor === reactor);
    if (!mine) {
      const known = parked.map((r) => r.reactor).join(', ');
      throw new CliError(`there is no reactor named ${reactor} (reactors: ${known})`);
    }
    return mine;
  };
  const before = await countOf();
  const query = event === undefined ? '' : `?event=${encodeURIComponent(event)}`;
  const started = await call<RetryStart>(
    `/reactors/${encodeURIComponent(reactor)}/retry${query}`,
    'POST',
  );
  if (started.asked === 0) {
    console.log(`${reactor}: nothing parked`);
    return 0;
  }
  console.log(
    `Asked ${reactor} to try ${started.asked} parked event${started.asked === 1 ? '' : 's'} again` +
      (started.runningIn
        ? ` (run by ${started.runningIn})`
        : ': no process runs it now; the retry runs when one does'),
  );
  let now = before;
  do {
    await sleep(POLL_MS);
    now = await countOf();
  } while (now.retrying > 0);
  const through = Math.min(started.asked, Math.max(0, before.count - now.count));
  const again = started.asked - through;
  console.log(
    `${reactor}: ${through} went through, ${again} failed again` +
      (again > 0 ? ' (npm run projections -- status shows why)' : ''),
  );
  return again > 0 ? 1 : 0;
};

const follow = async (
  call: ReturnType<typeof api>,
  started: RebuildStart,
  before: ProjectionStanding[],
) => {
  const targets = [...started.here, ...started.requested];
  const state = startFollowing(before, targets);
  const tty = process.stdout.isTTY;
  const began = Date.now();
  let lastLine = 0;
  const warned = new Set<string>();
  let failed = 0;
  let lastCallMs = 0;
  for (;;) {
    // The status counts what each rebuild has left, a walk of the log: seconds of the server's
    // time at millions of events (~5 s at 5M here). A slow answer is asked for less often, so
    // following a rebuild never keeps the server counting; never less than every 15 s.
    await sleep(Math.min(15_000, Math.max(POLL_MS, 4 * lastCallMs)));
    const asked = Date.now();
    const standings = await call<ProjectionStanding[]>('/projections');
    lastCallMs = Date.now() - asked;
    const report = followStep(state, standings);
    if (tty) process.stdout.write('\r\x1b[K');
    for (const { name, generation } of report.ended) {
      console.log(`${name}: rebuilt into generation ${generation}`);
    }
    for (const name of report.failed) {
      failed++;
      console.log(
        `${name}: the rebuild stopped without taking over (see the log of the process running it)`,
      );
    }
    for (const name of report.unclaimed.filter((n) => !warned.has(n))) {
      warned.add(name);
      console.log(`${name}: no process runs it now; the rebuild starts when one does`);
    }
    if (report.over) break;
    if (report.progress && (tty || Date.now() - lastLine >= 5_000)) {
      const text = progressLine(report.progress, targets.length);
      if (tty) process.stdout.write(text);
      else console.log(text);
      lastLine = Date.now();
    }
  }
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  console.log(
    `${targets.length - failed} of ${targets.length} rebuilt in ${seconds} s` +
      (failed > 0 ? `, ${failed} failed` : ''),
  );
  return failed > 0 ? 1 : 0;
};

runCli(
  {
    name: 'projections',
    usage: USAGE,
    positionals: { min: 1, max: 100 },
    options: {
      all: { type: 'boolean', default: false },
      port: { type: 'string' },
    },
  },
  async ({ values, positionals }) => {
    const [command, ...names] = positionals;
    const port = values.port ?? process.env.PORT ?? '3000';
    if (!/^\d{1,5}$/.test(port)) throw new UsageError('--port must be a port number');
    const call = api(port);
    if (command === 'status') {
      if (names.length > 0 || values.all) throw new UsageError('status takes nothing more');
      showStatus(await call<ProjectionStanding[]>('/projections'));
      showParked(await call<ParkedReactions[]>('/reactors/parked'));
      return;
    }
    if (command === 'retry') {
      if (values.all || names.length < 1 || names.length > 2) {
        throw new UsageError('retry takes a reactor, and at most one event id');
      }
      return retry(call, names[0]!, names[1]);
    }
    if (command !== 'rebuild') {
      throw new UsageError(`unknown command ${command}: status, rebuild or retry`);
    }
    if (values.all === names.length > 0) {
      throw new UsageError('rebuild takes projection names, or --all');
    }
    const before = await call<ProjectionStanding[]>('/projections');
    const query = values.all ? '' : `?names=${names.map(encodeURIComponent).join(',')}`;
    const started = await call<RebuildStart>(`/projections/rebuild${query}`, 'POST');
    const where = [
      started.here.length > 0 ? `${started.here.length} here (one read of the log)` : '',
      started.requested.length > 0
        ? `${started.requested.length} asked of the process running them`
        : '',
    ].filter(Boolean);
    console.log(`Rebuilding while Boon keeps serving: ${where.join(', ')}`);
    return follow(call, started, before);
  },
);
