import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler, Response } from 'express';
import { DomainError, unavailable } from '../../domain/shared/errors';
import type { Doc, ReadCollection } from '../../infra/read-store/read-store';
import type { CollectionSpecs, Projection, ProjectionView } from '../../projections/engine/define';
import type { ReadModels } from '../../projections/engine/read-models';
import type { EventStore } from '../../infra/event-store/event-store';

/** The position one request must see, and the projections it has already waited for. */
type Gate = {
  position: bigint;
  isQuery: boolean;
  res: Response;
  passed: Set<string>;
};

const gates = new AsyncLocalStorage<Gate>();

const invalidPosition = (detail: string) =>
  new DomainError('invalid', 'Invalid position', detail, 'X-Min-Position');

/**
 * A request may carry X-Min-Position (the position a command answered with). Every read it
 * makes from a read model then waits until that read model's projection has reached the
 * position (READ_WAIT_MS at the latest), and only that projection: a query sees the caller's
 * own writes, a command that consults a read model (an echo looks up the answer it echoes)
 * finds what the caller just saw written, and a slow projection holds up only its own readers.
 */
export const readYourWrites = (): RequestHandler => (req, res, next) => {
  const header = req.get('x-min-position');
  if (!header) return next();
  if (!/^\d{1,20}$/.test(header)) {
    return next(invalidPosition('X-Min-Position must be a whole number.'));
  }
  const gate: Gate = {
    position: BigInt(header),
    isQuery: req.method === 'GET' || req.method === 'HEAD',
    res,
    passed: new Set(),
  };
  gates.run(gate, next);
};

/**
 * The API's read models, with each read held until the request's X-Min-Position is reached by
 * the projection that owns the collection read (no request position: no wait).
 */
export const readYourWritesModels = (
  inner: ReadModels,
  events: Pick<EventStore, 'headPosition'>,
  timeoutMs: number,
): ReadModels => {
  const reach = async (projection: string) => {
    const gate = gates.getStore();
    if (!gate || gate.passed.has(projection)) return;
    // A read model frozen while a deploy rebuilds it will not move within any wait: the
    // request is answered at once (stale, or refused for a command) rather than after it.
    const checkpoint = inner.checkpointOf(projection);
    const reached = inner.servesEarlierVersion(projection)
      ? checkpoint !== null && checkpoint >= gate.position
      : await inner.waitFor(gate.position, [projection], timeoutMs);
    gate.passed.add(projection);
    if (reached) return;
    const head = await events.headPosition();
    if (head === null || gate.position > head) {
      throw invalidPosition(
        'X-Min-Position is beyond the last event: send the position a command answered with.',
      );
    }
    if (gate.isQuery) {
      if (!gate.res.headersSent) gate.res.setHeader('X-Read-Model-Stale', 'true');
      return;
    }
    // A command acting on what it cannot see yet would answer wrongly (a 404 for an answer
    // that exists): it is refused, unchanged, and the client tries again.
    gate.passed.delete(projection);
    if (!gate.res.headersSent) gate.res.setHeader('Retry-After', '1');
    throw unavailable(
      'Catching up',
      'Boon is catching up with recent changes; try again in a moment.',
    );
  };

  /**
   * A collection whose generation is looked up after the wait, not before: a rebuild's swap
   * during the wait leaves the old generation short of the position the new one reached.
   */
  const gated = <T extends Doc>(
    projection: string,
    resolve: () => ReadCollection<T>,
    first = resolve(),
  ): ReadCollection<T> => {
    let resolved = { generation: inner.generationOf(projection), collection: first };
    const serving = () => {
      const generation = inner.generationOf(projection);
      if (generation !== resolved.generation) resolved = { generation, collection: resolve() };
      return resolved.collection;
    };
    return {
      findOne: async (filter) => (await reach(projection), serving().findOne(filter)),
      find: async (filter, options) => (await reach(projection), serving().find(filter, options)),
      count: async (filter) => (await reach(projection), serving().count(filter)),
      explain: (filter, options) => serving().explain(filter, options),
    };
  };

  const ownerOf = (logical: string) =>
    inner.projections.find((p) => logical in p.collections)?.name ?? logical;

  return {
    get notices() {
      return inner.notices;
    },
    projections: inner.projections,
    waitFor: (position, names, timeout) => inner.waitFor(position, names, timeout),
    checkpointOf: (name) => inner.checkpointOf(name),
    generationOf: (name) => inner.generationOf(name),
    servesEarlierVersion: (name) => inner.servesEarlierVersion(name),
    collection: <T extends Doc = Doc>(logical: string) =>
      gated(ownerOf(logical), () => inner.collection<T>(logical)),
    of: <C extends CollectionSpecs>(projection: Projection<C>): ProjectionView<C> => {
      const view = () => inner.of(projection) as Record<string, ReadCollection<Doc>>;
      const wrapped: Record<string, ReadCollection<Doc>> = {};
      for (const [logical, collection] of Object.entries(view())) {
        wrapped[logical] = gated(projection.name, () => view()[logical]!, collection);
      }
      return wrapped as ProjectionView<C>;
    },
  };
};
