import { describe, expect, it } from 'vitest';
import { collection, projection } from '../../projections/engine/define';
import type { StateDoc } from '../../projections/engine/state';
import { generationsKept, planTakeover } from '../../projections/engine/takeover';

const counted = projection({
  name: 'counted',
  version: 3,
  collections: { c: collection() },
  on: {},
});

const state = (generation: number, version: number, checkpoint: string | null): StateDoc => ({
  _id: 'counted',
  generation,
  version,
  checkpoint,
  updatedAt: '2026-11-28T00:00:00.000Z',
});
const building = (generation: number, version: number, checkpoint: string | null) => ({
  ...state(generation, version, checkpoint),
  _id: 'counted#rebuild',
});

/** What a takeover starts, said briefly: the live generation and the build, if any. */
const said = (...args: Parameters<typeof planTakeover>) => {
  const plan = planTakeover(...args);
  return {
    live: plan.live ? plan.serving : null,
    build: plan.build
      ? `${plan.build.reason} into ${plan.build.generation} from ${plan.build.resume?.checkpoint ?? 'the start'}`
      : null,
    kept: generationsKept(plan),
    staleBuild: plan.staleBuild,
  };
};

describe('what a process starts for a projection whose lease it takes', () => {
  it('follows the serving generation when nothing is being built', () => {
    expect(said(counted, state(2, 3, '40'), null, true)).toEqual({
      live: 2,
      build: null,
      kept: [2],
      staleBuild: false,
    });
  });

  it('goes on with a rebuild another process left unfinished, while the serving generation follows the log', () => {
    expect(said(counted, state(2, 3, '40'), building(3, 3, '17'), false)).toEqual({
      live: 2,
      build: 'rebuild resumed into 3 from 17',
      kept: [2, 3],
      staleBuild: false,
    });
    // Recorded, then stopped before its first unit: it starts at the first event.
    expect(said(counted, state(2, 3, '40'), building(3, 3, null), false).build).toBe(
      'rebuild resumed into 3 from the start',
    );
  });

  it('rebuilds a changed version into the next generation, going on from its own build state', () => {
    expect(said(counted, state(2, 2, '40'), null, false)).toEqual({
      live: null,
      build: 'version changed into 3 from the start',
      kept: [2, 3],
      staleBuild: false,
    });
    expect(said(counted, state(2, 2, '40'), building(3, 3, '9'), false).build).toBe(
      'version changed into 3 from 9',
    );
  });

  it('builds a never-built projection of a long log through the rebuild path, and resumes that build', () => {
    expect(said(counted, null, null, true)).toMatchObject({
      live: null,
      build: 'first build into 1 from the start',
      kept: [1],
    });
    expect(said(counted, null, building(1, 3, '5'), false).build).toBe('first build into 1 from 5');
    expect(said(counted, null, null, false)).toMatchObject({ live: 1, build: null, kept: [1] });
  });

  it('forgets a build state of another version or generation, and keeps none of its generation', () => {
    // A deploy of version 4 rolled back to 3 before its build ended.
    expect(said(counted, state(2, 3, '40'), building(3, 4, '12'), false)).toEqual({
      live: 2,
      build: null,
      kept: [2],
      staleBuild: true,
    });
    expect(said(counted, state(5, 3, '40'), building(3, 3, '12'), false)).toMatchObject({
      build: null,
      kept: [5],
      staleBuild: true,
    });
    // Another version's state, where this version rebuilds afresh into the same generation.
    expect(said(counted, state(2, 2, '40'), building(3, 4, '12'), false)).toMatchObject({
      build: 'version changed into 3 from the start',
      staleBuild: true,
    });
  });
});
