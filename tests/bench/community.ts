import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../infra/event-store/event-store';
import { silentLogger } from '../../infra/logger';
import type { ReadStore } from '../../infra/read-store/read-store';
import { allProjections, allReactors } from '../../projections';
import { ProjectionEngine } from '../../projections/engine/engine';
import { StoreReadModels } from '../../projections/engine/read-models';
import { STATE_COLLECTION, type StateDoc } from '../../projections/engine/state';
import { reactorState } from '../../projections/engine/reactor-processor';

type Json = Record<string, unknown>;

const call = async (base: string, path: string, deviceId: string, body?: Json) => {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Device-ID': deviceId },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
};

/** A registered device that answered today's question: it may read the discussion. */
export const readerOfToday = async (base: string) => {
  const deviceId = `bench-${randomUUID()}-${randomUUID()}`;
  const offers = await call(base, '/api/user/generate-pseudonyms', deviceId, {});
  const pseudonym = (offers.body.pseudonyms as string[])[0]!;
  const setup = await call(base, '/api/user/setup', deviceId, {
    pseudonym,
    privacyConsent: true,
    termsConsent: true,
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}`);
  const question = await call(base, '/api/question/today', deviceId);
  const questionId = question.body.id as number;
  const answer = await call(base, '/api/responses', deviceId, {
    questionId,
    content: 'The reader of this benchmark answers too.',
  });
  if (answer.status !== 201) throw new Error(`answer answered ${answer.status}`);
  return { deviceId, questionId, position: BigInt(answer.body.position as string) };
};

/**
 * Answers from `count` people on one question, appended straight to the log in the events' own
 * shape (the command path would take minutes and is measured elsewhere). Returns the last position.
 */
export const appendAnswers = async (events: EventStore, questionId: number, count: number) => {
  let last = 0n;
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const appends = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const authorId = randomUUID();
      return events.appendToStream(
        `responder-${authorId}`,
        [
          {
            id: randomUUID(),
            type: 'ResponseSubmitted',
            metadata: { v: 1 },
            data: {
              responseId: randomUUID(),
              questionId,
              authorId,
              pseudonym: `Bench Owl ${start + k}`,
              content: `Answer ${start + k}: keeping a promise matters even when it costs me.`,
              spectrumPosition: null,
              day: '2026-01-01',
              at: new Date(Date.UTC(2026, 0, 1) + (start + k) * 1000).toISOString(),
            },
          },
        ],
        'no_stream',
      );
    });
    for (const { position } of await Promise.all(appends)) if (position > last) last = position;
  }
  return last;
};

/**
 * Every read model brought up to the log's head, reactors' commands dropped as in a rebuild: a
 * history written straight into the log is taken as already analysed (not measured). The
 * reactors' checkpoints move to the head as well: a reactor deployed before the history was
 * written would otherwise analyse all of it in the background of what a bench measures.
 */
export const projectWithoutReactions = async (events: EventStore, readStore: ReadStore) => {
  const engine = new ProjectionEngine(events, readStore, allProjections, silentLogger(), {});
  const readModels = new StoreReadModels(readStore, allProjections);
  await readModels.start();
  await engine.start();
  const head = await events.headPosition();
  const names = allProjections.map((p) => p.name);
  // As long as it takes while they move (5M events take most of an hour on two cores); a
  // build that stops moving for two minutes fails the bench.
  let reached = -1n;
  while (head !== null && !(await readModels.waitFor(head, names, 120_000))) {
    const now = names
      .map((name) => readModels.checkpointOf(name) ?? engine.rebuildProgress(name) ?? 0n)
      .reduce((a, b) => (a < b ? a : b));
    if (now <= reached) throw new Error(`the projections stopped at ${now} of ${head}`);
    reached = now;
  }
  // A first build reaches the head before it is done: its indexes are built and its generation
  // swapped in after. Stopped before, the next start finishes it (a restart measured on such a
  // store measured the end of a build).
  while (names.some((name) => engine.isRebuilding(name))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await engine.stop();
  readModels.stop();
  if (head !== null) await reactorsAt(readStore, head);
};

/** The history taken as already analysed: every reactor starts at `head` (they do anyway). */
export const reactorsAt = (readStore: ReadStore, head: bigint) =>
  readStore.transaction(async (tx) => {
    const states = tx.collection<StateDoc>(STATE_COLLECTION);
    for (const reactor of allReactors) await states.upsertOne(reactorState(reactor, head));
  });
