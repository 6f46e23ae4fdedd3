import { describe, expect, it } from 'vitest';
import type { ProjectionStanding, RebuildStanding } from '../../api/ops/projection-ops';
import {
  followStep,
  progressLine,
  QUIET_LIMIT_MS,
  startFollowing,
} from '../../api/ops/rebuild-follow';

const standing = (
  name: string,
  generation: number,
  rebuild: RebuildStanding | null,
  leaseOwner: string | null = 'projector-1',
): ProjectionStanding => ({
  name,
  version: 1,
  generation,
  checkpoint: '100',
  head: '100',
  lagEvents: 0,
  state: 'elsewhere',
  leaseOwner,
  leaseExpiresAt: null,
  lastError: null,
  rebuildCheckpoint: null,
  rebuild,
});

const running = (doneEvents: number, remainingEvents: number): RebuildStanding => ({
  phase: 'running',
  owner: 'projector-1',
  position: String(doneEvents),
  doneEvents,
  remainingEvents,
  startedAt: '2026-11-26T10:00:00.000Z',
});

describe('following rebuilds to their end', () => {
  it('reports the furthest behind with its speed, lag and time left, and each end', () => {
    const before = [standing('a', 1, null), standing('b', 4, null)];
    const state = startFollowing(before, ['a', 'b']);
    const t0 = Date.now();
    const first = followStep(
      state,
      [standing('a', 1, running(1_000, 9_000)), standing('b', 4, { phase: 'requested' })],
      t0 + 1_000,
    );
    expect(first.progress).toMatchObject({ running: 1, waiting: 1, remaining: 9_000 });
    expect(first.progress!.eventsPerSecond).toBeNull();
    const second = followStep(
      state,
      [standing('a', 1, running(5_000, 5_000)), standing('b', 4, running(2_000, 8_000))],
      t0 + 3_000,
    );
    // b is furthest behind now; speed is measured on the furthest behind.
    expect(second.progress).toMatchObject({
      running: 2,
      waiting: 0,
      done: 2_000,
      remaining: 8_000,
    });
    expect(second.progress!.eventsPerSecond).toBe(500);
    expect(second.progress!.etaSeconds).toBe(16);
    expect(progressLine(second.progress!, 2)).toBe(
      '2 rebuilding, 0 waiting for their process, furthest behind: 2,000 of 10,000 events (20 %), 500 events/s, lag 8,000 events, ETA 16 s',
    );
    const third = followStep(
      state,
      [standing('a', 2, null), standing('b', 4, running(6_000, 4_000))],
      t0 + 5_000,
    );
    expect(third.ended).toEqual([{ name: 'a', generation: 2 }]);
    expect(third.over).toBe(false);
    const last = followStep(state, [standing('a', 2, null), standing('b', 5, null)], t0 + 6_000);
    expect(last.ended).toEqual([{ name: 'b', generation: 5 }]);
    expect(last.over).toBe(true);
  });

  it('calls a rebuild failed once nothing of it is seen for a while, and says when no process runs one', () => {
    const state = startFollowing([standing('a', 1, null), standing('b', 1, null)], ['a', 'b']);
    const t0 = Date.now();
    for (let i = 1; i <= 5; i++) {
      const report = followStep(
        state,
        [standing('a', 1, null), standing('b', 1, { phase: 'requested' }, null)],
        t0 + i * 1_000,
      );
      expect(report.unclaimed).toEqual(i >= 5 ? ['b'] : []);
      expect(report.failed).toEqual([]);
    }
    const quiet = followStep(
      state,
      [standing('a', 1, null), standing('b', 1, { phase: 'requested' }, null)],
      t0 + QUIET_LIMIT_MS + 1,
    );
    expect(quiet.failed).toEqual(['a']);
    expect(quiet.over).toBe(false);
  });
});
