import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handle } from '../../api/commands/run';
import { startServer } from '../../api/server';
import { chatters } from '../../domain/mini/chat';
import { seal } from '../../infra/auth/sealing';
import { loadConfig } from '../../infra/config';
import { silentLogger } from '../../infra/logger';
import { readerOfToday } from './community';
import { percentile, type Figure } from './report';
import { bareBroadcast, epochNow, openFleet } from './socket-fanout';

const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const ROUNDS = 20;

/**
 * One live chat message to 1,000 sockets in /mini-chat: from the moment the server accepted it
 * (its event appended by the same command the socket's message runs) to each socket receiving
 * it, so the projection, the notice and the fan-out are inside the figure. Baseline: a bare
 * `ws` server sending the same frame to as many sockets, timed from the send. The client
 * sockets run in a process of their own in both.
 */
export const miniChatFanout = async (): Promise<Figure[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boon-bench-mini-chat-'));
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // The fleet is one reader on one machine, as no real room is: the caps make way for it.
      LIVE_CHAT_SOCKETS_PER_PERSON: String(CLIENTS),
      LIVE_CHAT_SOCKETS_PER_ADDRESS: String(CLIENTS),
    }),
    logger: silentLogger(),
  });
  const reader = await readerOfToday(server.url);
  const fleet = await openFleet({
    url: `${server.url.replace('http', 'ws')}/mini-chat`,
    count: CLIENTS,
    batch: 100,
    hello: [JSON.stringify({ type: 'identify', deviceId: reader.deviceId })],
    ready: 'userList',
    timed: 'message',
  });
  const ctx = server.context;
  const content = 'One thought for everyone in the room.';
  const app: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await fleet.round();
    // A new author each round: the 5-in-10-seconds pace is per person.
    const personId = `bench-author-${round}`;
    await handle(ctx, chatters(ctx.dayRules), {
      type: 'PostLiveChatMessage',
      messageId: `bench-message-${round}`,
      personId,
      pseudonym: 'Bench Author',
      archetype: null,
      content: await seal(ctx.auth.vault, personId, content),
      at: ctx.clock.now(),
    });
    const accepted = epochNow();
    app.push(...(await fleet.collect()).map((at) => at - accepted));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fleet.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });

  const base = await bareBroadcast(CLIENTS, ROUNDS, (round) => ({
    type: 'message',
    message: {
      id: `m${round}`,
      pseudonym: 'Bench Author',
      archetype: null,
      content,
      timestamp: new Date().toISOString(),
    },
  }));

  const sorted = [...app].sort((a, b) => a - b);
  const baseP99 = percentile(
    [...base].sort((a, b) => a - b),
    99,
  );
  const p99 = percentile(sorted, 99);
  return [
    {
      name: `one live chat message to ${CLIENTS} /mini-chat sockets, p99 after the server accepts it`,
      value: p99,
      unit: 'ms',
      baseline: baseP99,
      baselineName: 'a bare ws server broadcasting to as many sockets',
      ratio: p99 / Math.max(baseP99, 0.001),
      target: '≤ 100 ms',
      met: p99 <= 100 && app.length === CLIENTS * ROUNDS,
      note: `${app.length}/${CLIENTS * ROUNDS} messages received; p50 ${percentile(sorted, 50).toFixed(1)} ms`,
    },
  ];
};
