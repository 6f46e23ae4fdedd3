// Runs one autocannon load in a process of its own, driven over IPC by `loadFrom`
// (load.ts): the load generator never shares the measured server's event loop.
import autocannon from 'autocannon';
import type { LoadReply, LoadSpec } from './load';

process.once('message', (spec: LoadSpec) => {
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
