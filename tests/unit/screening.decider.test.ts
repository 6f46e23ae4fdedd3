import { describe, it } from 'vitest';
import type { ContentRejectedEvent } from '../../domain/analysis/events';
import {
  REJECTIONS_RECORDED_PER_DAY,
  screeningDecider,
  type RecordRejection,
} from '../../domain/analysis/screening';
import { specFor } from '../support/given-when-then';

const given = specFor(screeningDecider({ timeZone: 'America/New_York', startHour: 3 }));
const morning = new Date('2026-11-22T15:00:00Z'); // Nov 22, 10:00 New York
const nextDay = new Date('2026-11-23T08:00:00Z'); // Nov 23, 03:00 New York

const refusal = (rejectionId: string, at = morning): RecordRejection => ({
  type: 'RecordRejection',
  rejectionId,
  authorId: 'user-bob',
  kind: 'response',
  questionId: 3,
  day: '2026-11-22',
  reason: 'personal attack',
  analyzerVersion: 'local-1',
  at,
});
const recorded = (rejectionId: string, at = morning): ContentRejectedEvent => ({
  type: 'ContentRejected',
  data: {
    rejectionId,
    kind: 'response',
    questionId: 3,
    reason: 'personal attack',
    analyzerVersion: 'local-1',
    day: '2026-11-22',
    at: at.toISOString(),
  },
});
const full = Array.from({ length: REJECTIONS_RECORDED_PER_DAY }, (_, i) => recorded(`x${i}`));

describe('RecordRejection', () => {
  it('records a refusal, without the text', () => {
    given([])
      .when(refusal('x1'))
      .then([recorded('x1')]);
  });

  it('records at most a fixed number a product day per person, then nothing more that day', () => {
    given(full).when(refusal('y')).thenNothing();
    given(full)
      .when(refusal('y', nextDay))
      .then([recorded('y', nextDay)]);
  });
});
