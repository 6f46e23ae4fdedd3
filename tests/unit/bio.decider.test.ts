import { describe, it } from 'vitest';
import { bioDecider, type SetBio } from '../../domain/bio/bio';
import type { BioEvent } from '../../domain/bio/events';
import { specFor } from '../support/given-when-then';

const given = specFor(bioDecider);
const at = new Date('2026-11-22T15:00:00Z');
const set = (bio: string | null): SetBio => ({ type: 'SetBio', personId: 'ann', bio, at });
const changed = (bio: string | null): BioEvent => ({
  type: 'ProfileBioChanged',
  data: { personId: 'ann', bio, at: at.toISOString() },
});

describe('SetBio', () => {
  it('keeps the bio trimmed, and nothing when it is unchanged', () => {
    given([])
      .when(set('  Gardener.  '))
      .then([changed('Gardener.')]);
    given([changed('Gardener.')])
      .when(set('Gardener.'))
      .then([]);
  });

  it('clears it with null or blank text, and records nothing when there is none', () => {
    given([changed('Gardener.')])
      .when(set('   '))
      .then([changed(null)]);
    given([]).when(set(null)).then([]);
  });

  it('refuses more than 280 characters', () => {
    given([])
      .when(set('x'.repeat(281)))
      .thenFails('invalid', /at most 280/);
  });
});
