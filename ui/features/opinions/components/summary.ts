import {
  OPINION_MIN_PARTICIPANTS,
  OPINION_MIN_VOTES,
  type OpinionMapDto,
} from '../../../../domain/contracts/opinions';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
const groups = (n: number) => `${n} ${n === 1 ? 'group' : 'groups'}`;

/** The map in one sentence: "3 groups; you are closest to group B". */
export const mapSummary = (map: OpinionMapDto): string => {
  if (map.status === 'too-few') {
    return `The map appears once ${OPINION_MIN_PARTICIPANTS} people have each echoed or reacted to ${OPINION_MIN_VOTES} answers: ${people(map.needed ?? 0)} more needed.`;
  }
  if (map.groups.length === 0)
    return `No groups stand apart yet among ${people(map.participants)}.`;
  const count = groups(map.groups.length);
  return map.you?.group
    ? `${count}; you are closest to group ${map.you.group}`
    : `${count} among ${people(map.participants)}`;
};

/** What someone not on the map can do about it. */
export const notOnMapHint = `Echo or react to at least ${OPINION_MIN_VOTES} answers to see where you stand.`;
