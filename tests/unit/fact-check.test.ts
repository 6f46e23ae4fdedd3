import { describe, expect, it } from 'vitest';
import { claims, matchClaim } from '../../ui/features/responses/fact-check/claims';
import { evidence } from '../../ui/features/responses/fact-check/evidence';

describe('fact-check notes', () => {
  it('match a response holding every term of one of a claim’s patterns, whatever the case', () => {
    expect(matchClaim('They say we only use 10% of the BRAIN, but I doubt it.')?.id).toBe(
      'brain-ten-percent',
    );
    expect(matchClaim('Ten percent\nof the brain is a myth I once believed')?.id).toBe(
      'brain-ten-percent',
    );
    expect(matchClaim('Fairness asks those who caused a harm to repair it.')).toBeNull();
    expect(matchClaim('My brain is tired today.')).toBeNull();
  });

  it('have evidence with sources for every claim, loaded apart from the claims', () => {
    expect(Object.keys(evidence).sort()).toEqual(claims.map((claim) => claim.id).sort());
    for (const claim of claims) {
      const { explanation, sources } = evidence[claim.id];
      expect(explanation.length, claim.id).toBeGreaterThan(20);
      expect(sources.length, claim.id).toBeGreaterThan(0);
      for (const source of sources) expect(source.url, claim.id).toMatch(/^https:\/\//);
    }
  });
});
