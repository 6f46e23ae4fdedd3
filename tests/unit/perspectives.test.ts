import { describe, expect, it } from 'vitest';
import { contrastBetween, lengthLabel } from '../../domain/perspectives/pairing';
import { pairViewsDecider } from '../../domain/perspectives/views';
import { specFor } from '../support/given-when-then';

describe('shared perspectives', () => {
  it('labels lengths at 100 and 300 characters', () => {
    expect(lengthLabel('x'.repeat(99))).toBe('Concise');
    expect(lengthLabel('x'.repeat(100))).toBe('Thoughtful');
    expect(lengthLabel('x'.repeat(299))).toBe('Thoughtful');
    expect(lengthLabel('x'.repeat(300))).toBe('In-depth');
  });

  it('pairs responses of different lengths or spectrum sides, not alike ones', () => {
    expect(
      contrastBetween(
        { content: 'short', spectrumPosition: null },
        { content: 'x'.repeat(400), spectrumPosition: null },
      ),
    ).toMatch(/concise/);
    expect(
      contrastBetween(
        { content: 'short', spectrumPosition: -80 },
        { content: 'brief', spectrumPosition: 80 },
      ),
    ).toMatch(/left and right/);
    expect(
      contrastBetween(
        { content: 'short', spectrumPosition: null },
        { content: 'brief', spectrumPosition: null },
      ),
    ).toBeNull();
  });

  it('counts each person’s view of a pair once', () => {
    const given = specFor(pairViewsDecider);
    const at = new Date('2026-11-22T15:00:00Z');
    const view = {
      type: 'RecordPairView' as const,
      pairId: 'a~b',
      questionId: 3,
      viewerId: 'u1',
      at,
    };
    const viewed = {
      type: 'PerspectivePairViewed' as const,
      data: { pairId: 'a~b', questionId: 3, viewerId: 'u1', at: at.toISOString() },
    };
    given([]).when(view).then([viewed]);
    given([viewed]).when(view).thenNothing();
  });
});
