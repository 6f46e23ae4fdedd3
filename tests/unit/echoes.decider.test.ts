import { describe, it } from 'vitest';
import { echoDecider, type ToggleEcho } from '../../domain/echoes/echoes';
import type { EchoEvent } from '../../domain/echoes/events';
import { specFor } from '../support/given-when-then';

const given = specFor(echoDecider({ timeZone: 'America/New_York', startHour: 3 }));
const bob = 'user-bob';
const morning = new Date('2026-11-22T15:00:00Z'); // Nov 22, 10:00 New York
const lateNight = new Date('2026-11-23T07:59:00Z'); // Nov 23, 02:59 New York: still the Nov 22 product day
const nextDay = new Date('2026-11-23T08:00:00Z'); // Nov 23, 03:00 New York

const toggle = (responseId: string, at = morning): ToggleEcho => ({
  type: 'ToggleEcho',
  responseId,
  questionId: 3,
  responseAuthorId: 'user-alice',
  actorId: bob,
  at,
});
const given_ = (responseId: string, day = '2026-11-22', at = morning): EchoEvent => ({
  type: 'EchoGiven',
  data: { responseId, questionId: 3, actorId: bob, day, at: at.toISOString() },
});
const withdrawn = (responseId: string, at = morning): EchoEvent => ({
  type: 'EchoWithdrawn',
  data: { responseId, questionId: 3, actorId: bob, at: at.toISOString() },
});
const tenToday = Array.from({ length: 10 }, (_, i) => given_(`r${i}`));

describe('ToggleEcho', () => {
  it('gives an echo, then withdraws it on the next toggle', () => {
    given([])
      .when(toggle('r1'))
      .then([given_('r1')]);
    given([given_('r1')])
      .when(toggle('r1'))
      .then([withdrawn('r1')]);
  });

  it('refuses an echo of one’s own response', () => {
    given([])
      .when({ ...toggle('r1'), responseAuthorId: bob })
      .thenFails('forbidden', /own response/);
  });

  it('refuses the eleventh echo of a product day with the echo limit message', () => {
    given(tenToday)
      .when(toggle('r10', lateNight))
      .thenFails('limit', /echo limit/);
  });

  it('does not give an echo back when it is withdrawn', () => {
    given([...tenToday, withdrawn('r0')])
      .when(toggle('r10'))
      .thenFails('limit', /echo limit/);
  });

  it('still lets an echo be withdrawn at the limit', () => {
    given(tenToday)
      .when(toggle('r3'))
      .then([withdrawn('r3')]);
  });

  it('starts a new allowance at 03:00 New York', () => {
    given(tenToday)
      .when(toggle('r10', nextDay))
      .then([given_('r10', '2026-11-23', nextDay)]);
  });
});
