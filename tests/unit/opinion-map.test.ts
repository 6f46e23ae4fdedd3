import { describe, expect, it } from 'vitest';
import { memoryMatrices } from '../../api/analyst/opinions-replay';
import type { AnyEvent } from '../../domain/event-catalog';
import { placeOn } from '../../domain/opinions/opinion-map';
import type { RecordedEvent } from '../../domain/shared/events';
import { plantedCamps, plantedCampsEvents } from '../support/opinion-fixture';

const recorded = (events: AnyEvent[]): RecordedEvent[] =>
  events.map((event, i) => ({
    ...event,
    id: `e${i}`,
    streamId: 's',
    revision: 0n,
    position: BigInt(i + 1),
    metadata: { v: 1 },
    createdAt: new Date(0),
  }));

/** The map of question 1 after these events, and each person's place on it. */
const mapAfter = (events: AnyEvent[]) => {
  const state = memoryMatrices();
  for (const event of recorded(events)) state.apply(event);
  const { map } = state.mapOf(1);
  const placeOf = (personId: string) => {
    const person = state.matrix(1).people.find((p) => p.personId === personId);
    return person ? placeOn(map, person) : null;
  };
  return { map, placeOf };
};

describe('the opinion map’s known answer: two planted camps', () => {
  const fixture = plantedCamps(1, 8);
  const events = plantedCampsEvents(fixture);

  it('finds exactly two groups and puts every person in their camp', () => {
    const { map, placeOf } = mapAfter(events);
    expect(map.status).toBe('ready');
    expect(map.participants).toBe(16);
    expect(map.groups.map((g) => [g.id, g.size])).toEqual([
      ['A', 8],
      ['B', 8],
    ]);
    const groupsOf = fixture.camps.map(
      (members) => new Set(members.map((person) => placeOf(person)?.group)),
    );
    expect(groupsOf[0]!.size).toBe(1);
    expect(groupsOf[1]!.size).toBe(1);
    expect([...groupsOf[0]!, ...groupsOf[1]!].sort()).toEqual(['A', 'B']);
    // Every dot is coloured, and each camp's dots are its group's.
    expect(map.points.filter((p) => p.group === 'A')).toHaveLength(8);
    expect(map.points.filter((p) => p.group === 'B')).toHaveLength(8);
  });

  it('names the two bridge answers as the common ground, and each camp’s own as its group’s', () => {
    const { map, placeOf } = mapAfter(events);
    expect(map.consensus.map((c) => c.responseId).sort()).toEqual([...fixture.bridges].sort());
    for (const [side, members] of fixture.camps.entries()) {
      const id = placeOf(members[0]!)!.group;
      const group = map.groups.find((g) => g.id === id)!;
      expect(group.representative.length).toBeGreaterThan(0);
      for (const answer of group.representative) {
        expect(fixture.answers[side]).toContain(answer.responseId);
        expect(answer.z).toBeGreaterThan(1.2816);
        expect(answer.agree).toBeGreaterThan(answer.agreeOutside);
      }
    }
  });

  it('gives the same map for the same events, whatever order the echoes came in', () => {
    const answers = events.filter((e) => e.type !== 'EchoGiven');
    const echoes = events.filter((e) => e.type === 'EchoGiven');
    const reversed = [...answers, ...echoes.reverse()];
    expect(mapAfter(reversed).map).toEqual(mapAfter(events).map);
    expect(mapAfter(events).map).toEqual(mapAfter(events).map);
  });

  it('draws nothing below 12 people with 3 votes each, and says how many more it needs', () => {
    const small = plantedCamps(1, 5);
    const { map } = mapAfter(plantedCampsEvents(small));
    expect(map).toMatchObject({ status: 'too-few', participants: 10, needed: 2, points: [] });
    expect(map.groups).toEqual([]);
  });

  it('leaves a deleted answer and an erased person out of the matrix', () => {
    const [left, right] = fixture.camps;
    const erased = left[0]!;
    const { map } = mapAfter([
      ...events,
      {
        type: 'ResponseDeleted',
        data: {
          responseId: fixture.bridges[0],
          questionId: 1,
          authorId: 'bridge-author-0',
          day: '2026-03-02',
          at: '2026-03-02T20:00:00.000Z',
        },
      },
      { type: 'PersonErased', data: { personId: erased, at: '2026-03-02T21:00:00.000Z' } },
    ]);
    expect(map.participants).toBe(15);
    expect(map.columns.map((c) => c.responseId)).not.toContain(fixture.bridges[0]);
    expect(map.columns.map((c) => c.responseId)).not.toContain(fixture.answers[0][0]);
    expect(map.consensus.map((c) => c.responseId)).toEqual([fixture.bridges[1]]);
    expect(map.groups.map((g) => g.size).sort()).toEqual([7, 8]);
    expect(right).toHaveLength(8);
  });
});

describe('a group too small to show', () => {
  it('is not shown: its people are dots without a group, and no answer is named for it', () => {
    // Nine in one camp, three in the other: no clustering has groups of five and more.
    const fixture = plantedCamps(1, 9, 3);
    const { map, placeOf } = mapAfter(plantedCampsEvents(fixture));
    expect(map.status).toBe('ready');
    expect(map.groups.map((g) => [g.id, g.size])).toEqual([['A', 9]]);
    expect(map.points.filter((p) => p.group === null)).toHaveLength(3);
    for (const person of fixture.camps[1]) expect(placeOf(person)?.group).toBe('A');
    const named = map.groups.flatMap((g) => g.representative.map((r) => r.responseId));
    for (const answer of fixture.answers[1]) expect(named).not.toContain(answer);
  });
});
