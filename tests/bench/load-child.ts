// Runs one autocannon load in a process of its own, driven over IPC by `loadFrom`
// (load.ts): the load generator never shares the measured server's event loop.
import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadReply, LoadSpec } from './load';

const percentileOf = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Infinity
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Open loop: request i is due at start + i / rate; its latency runs from then to its last byte. */
const paced = async (spec: LoadSpec): Promise<LoadReply> => {
  const rate = spec.overallRate!;
  const total = Math.round(rate * spec.seconds!);
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  let ok = 0;
  let notOk = 0;
  const failures: Record<string, number> = {};
  const failed = (kind: string) => {
    notOk++;
    failures[kind] = (failures[kind] ?? 0) + 1;
  };
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const deviceId = spec.deviceIds[index % spec.deviceIds.length];
      const req = request(
        `${spec.url}${spec.path}`,
        {
          method: spec.method,
          agent,
          headers: {
            ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(deviceId === undefined ? {} : { 'x-device-id': deviceId }),
          },
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            if (res.statusCode! >= 200 && res.statusCode! < 300) {
              ok++;
              latencies.push(performance.now() - due);
            } else failed(String(res.statusCode));
            resolve();
          });
        },
      );
      req.once('error', (error: NodeJS.ErrnoException) => {
        failed(error.code ?? error.message);
        resolve();
      });
      req.end(spec.body);
    });
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0.5) await sleep(wait);
    pending.push(send(i, due));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    ok,
    notOk,
    p50: percentileOf(latencies, 50),
    p99: percentileOf(latencies, 99),
    seconds: (performance.now() - started) / 1000,
    failures,
  };
};

process.once('message', (spec: LoadSpec) => {
  if (spec.paced) {
    void paced(spec)
      .catch((error: unknown) => ({ error: String(error) }))
      .then((reply) => process.send!(reply, () => process.exit(0)));
    return;
  }
  let next = 0;
  const headers = (deviceId: string | undefined) => ({
    ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(deviceId === undefined ? {} : { 'x-device-id': deviceId }),
  });
  const started = performance.now();
  autocannon(
    {
      url: spec.url,
      connections: spec.connections,
      ...(spec.overallRate === undefined ? {} : { overallRate: spec.overallRate }),
      ...(spec.amount === undefined ? {} : { amount: spec.amount }),
      ...(spec.seconds === undefined ? {} : { duration: spec.seconds }),
      requests: [
        {
          method: spec.method,
          path: spec.path,
          setupRequest: (request) => ({
            ...request,
            headers: headers(spec.deviceIds[next++ % spec.deviceIds.length]),
            ...(spec.body === undefined ? {} : { body: spec.body }),
          }),
        },
      ],
    },
    (error, result) => {
      const reply: LoadReply = error
        ? { error: String(error) }
        : {
            ok: result['2xx'],
            notOk: result.non2xx,
            p50: result.latency.p50,
            p99: result.latency.p99,
            seconds: (performance.now() - started) / 1000,
          };
      process.send!(reply, () => process.exit(0));
    },
  );
});
