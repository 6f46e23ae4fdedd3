import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readYourWrites, readYourWritesModels } from '../../api/http/read-your-writes';
import { errorHandler } from '../../api/http/problems';
import { silentLogger } from '../../infra/logger';
import type { Doc, ReadCollection } from '../../infra/read-store/read-store';
import { collection, projection, type Projection } from '../../projections/engine/define';
import type { ReadModels } from '../../projections/engine/read-models';

const fast = projection({ name: 'fast', version: 1, collections: { items: collection() }, on: {} });
const slow = projection({
  name: 'slow',
  version: 1,
  collections: { tallies: collection() },
  on: {},
});

/** Read models whose checkpoints the test sets; every wait it was asked for is recorded. */
const readModelsAt = (checkpoints: Record<string, bigint>, frozen: string[] = []) => {
  const waits: string[][] = [];
  const empty: ReadCollection<Doc> = {
    findOne: () => Promise.resolve(null),
    find: () => Promise.resolve([]),
    count: () => Promise.resolve(0),
    explain: () => Promise.reject(new Error('not used')),
  };
  const reached = (position: bigint, names: readonly string[]) =>
    names.every((name) => (checkpoints[name] ?? -1n) >= position);
  const models: ReadModels = {
    notices: undefined as never,
    projections: [fast, slow] as Projection[],
    waitFor: (position, names) => {
      waits.push([...names]);
      return Promise.resolve(reached(position, names));
    },
    checkpointOf: (name) => checkpoints[name] ?? null,
    generationOf: () => 1,
    servesEarlierVersion: (name) => frozen.includes(name),
    collection: <T extends Doc>() => empty as unknown as ReadCollection<T>,
    of: ((p: Projection) =>
      Object.fromEntries(Object.keys(p.collections).map((name) => [name, empty]))) as never,
  };
  return { models, waits };
};

const appReading = (models: ReadModels, head: bigint) => {
  const gated = readYourWritesModels(models, { headPosition: () => Promise.resolve(head) }, 10);
  const app = express();
  app.use(readYourWrites());
  app.get('/fast', async (_req, res) => {
    res.json(await gated.of(fast).items.find({}));
  });
  app.get('/both', async (_req, res) => {
    await gated.of(fast).items.find({});
    res.json(await gated.collection('tallies').count({}));
  });
  app.post('/fast', async (_req, res) => {
    res.json(await gated.of(fast).items.findOne({ _id: 'x' }));
  });
  app.post('/no-read', (_req, res) => {
    res.status(201).json({ ok: true });
  });
  app.use(errorHandler(silentLogger()));
  return app;
};

describe('read-your-writes waits only for what a request reads', () => {
  it('a query waits for the projection it reads, not for a slower one', async () => {
    const { models, waits } = readModelsAt({ fast: 10n, slow: 2n });
    const res = await request(appReading(models, 10n)).get('/fast').set('X-Min-Position', '10');
    expect(res.status).toBe(200);
    expect(res.headers['x-read-model-stale']).toBeUndefined();
    expect(waits).toEqual([['fast']]);
  });

  it('a query reading two projections waits for each; the one behind makes it stale', async () => {
    const { models, waits } = readModelsAt({ fast: 10n, slow: 2n });
    const res = await request(appReading(models, 10n)).get('/both').set('X-Min-Position', '10');
    expect(res.status).toBe(200);
    expect(res.headers['x-read-model-stale']).toBe('true');
    expect(waits).toEqual([['fast'], ['slow']]);
  });

  it('a command that reads what is not there yet is refused with 503 and Retry-After', async () => {
    const { models } = readModelsAt({ fast: 5n, slow: 10n });
    const res = await request(appReading(models, 10n)).post('/fast').set('X-Min-Position', '10');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('a command that reads no read model does not wait at all', async () => {
    const { models, waits } = readModelsAt({ fast: 0n, slow: 0n });
    const res = await request(appReading(models, 10n)).post('/no-read').set('X-Min-Position', '10');
    expect(res.status).toBe(201);
    expect(waits).toEqual([]);
  });

  it('a position beyond the log is a 400 naming X-Min-Position; a malformed one too', async () => {
    const { models } = readModelsAt({ fast: 10n, slow: 10n });
    const beyond = await request(appReading(models, 10n)).get('/fast').set('X-Min-Position', '11');
    expect(beyond.status).toBe(400);
    expect(beyond.body.field).toBe('X-Min-Position');
    const malformed = await request(appReading(models, 10n))
      .get('/fast')
      .set('X-Min-Position', '-1');
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('X-Min-Position');
  });

  it('a read model frozen while a deploy rebuilds it is not waited for: stale at once, or 503 for a command', async () => {
    const { models, waits } = readModelsAt({ fast: 5n, slow: 10n }, ['fast']);
    // A wait long enough that answering within it proves no wait was made.
    const gated = readYourWritesModels(
      models,
      { headPosition: () => Promise.resolve(10n) },
      60_000,
    );
    const app = express();
    app.use(readYourWrites());
    app.get('/fast', async (_req, res) => {
      res.json(await gated.of(fast).items.find({}));
    });
    app.post('/fast', async (_req, res) => {
      res.json(await gated.of(fast).items.findOne({ _id: 'x' }));
    });
    app.use(errorHandler(silentLogger()));
    const query = await request(app).get('/fast').set('X-Min-Position', '10');
    expect(query.status).toBe(200);
    expect(query.headers['x-read-model-stale']).toBe('true');
    const command = await request(app).post('/fast').set('X-Min-Position', '10');
    expect(command.status).toBe(503);
    expect(waits).toEqual([]);
    // What it already holds is served as fresh.
    expect(
      (await request(app).get('/fast').set('X-Min-Position', '5')).headers['x-read-model-stale'],
    ).toBeUndefined();
  });

  it('a read that waited through a swap reads the generation that reached the position', async () => {
    // Generation 1 stopped short of position 10 when the rebuild's final catch-up began;
    // generation 2 has it, and is swapped in while the request waits.
    const generations = new Map<number, Doc | null>([
      [1, null],
      [2, { _id: 'x' }],
    ]);
    let serving = 1;
    const collectionOf = (generation: number): ReadCollection<Doc> => ({
      findOne: () => Promise.resolve(generations.get(generation)!),
      find: () => Promise.resolve([generations.get(generation)!].filter((d) => d !== null)),
      count: () => Promise.resolve(generations.get(generation) ? 1 : 0),
      explain: () => Promise.reject(new Error('not used')),
    });
    const models: ReadModels = {
      notices: undefined as never,
      projections: [fast] as Projection[],
      waitFor: () => {
        serving = 2;
        return Promise.resolve(true);
      },
      checkpointOf: () => (serving === 2 ? 10n : 9n),
      generationOf: () => serving,
      servesEarlierVersion: () => false,
      collection: <T extends Doc>() => collectionOf(serving) as unknown as ReadCollection<T>,
      of: ((p: Projection) =>
        Object.fromEntries(
          Object.keys(p.collections).map((name) => [name, collectionOf(serving)]),
        )) as never,
    };
    const gated = readYourWritesModels(models, { headPosition: () => Promise.resolve(10n) }, 10);
    const app = express();
    app.use(readYourWrites());
    app.get('/item', async (_req, res) => {
      const view = gated.of(fast);
      const item = await view.items.findOne({ _id: 'x' });
      if (!item) return res.status(404).json({ title: 'Not found' });
      res.json(item);
    });
    app.get('/logical', async (_req, res) => {
      res.json(await gated.collection('items').count({}));
    });
    app.use(errorHandler(silentLogger()));
    const read = await request(app).get('/item').set('X-Min-Position', '10');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ _id: 'x' });
    serving = 1;
    const counted = await request(app).get('/logical').set('X-Min-Position', '10');
    expect(counted.body).toBe(1);
  });
});
