/** The words pseudonyms are made of; shared by the server and the browser's offline fallback. */
const ADJECTIVES: readonly string[] = [
  'Amber',
  'Brave',
  'Calm',
  'Candid',
  'Clever',
  'Curious',
  'Daring',
  'Earnest',
  'Gentle',
  'Golden',
  'Hidden',
  'Honest',
  'Humble',
  'Kind',
  'Lucid',
  'Mellow',
  'Mindful',
  'Noble',
  'Patient',
  'Quiet',
  'Radiant',
  'Serene',
  'Steady',
  'Thoughtful',
  'Vivid',
  'Wandering',
  'Wise',
  'Bright',
  'Silver',
  'Open',
  'Careful',
  'Swift',
  'Tender',
  'Bold',
  'Fair',
  'Lively',
  'Restless',
  'Sincere',
  'Sunny',
  'Tranquil',
  'Warm',
  'Wistful',
  'Keen',
  'Merry',
  'Nimble',
  'Placid',
  'Rustic',
  'Spirited',
  'Valiant',
  'Zealous',
];

const NOUNS: readonly string[] = [
  'Owl',
  'Heron',
  'Willow',
  'River',
  'Harbor',
  'Lantern',
  'Compass',
  'Meadow',
  'Falcon',
  'Cedar',
  'Comet',
  'Pebble',
  'Sparrow',
  'Summit',
  'Thistle',
  'Tide',
  'Voyager',
  'Wren',
  'Aspen',
  'Badger',
  'Beacon',
  'Brook',
  'Canyon',
  'Cliff',
  'Crane',
  'Dune',
  'Ember',
  'Fern',
  'Fox',
  'Glade',
  'Grove',
  'Hawk',
  'Horizon',
  'Island',
  'Juniper',
  'Kestrel',
  'Lark',
  'Maple',
  'Marble',
  'Moss',
  'Nomad',
  'Oak',
  'Orchard',
  'Otter',
  'Path',
  'Pine',
  'Prairie',
  'Quill',
  'Raven',
  'Reed',
  'Sage',
  'Shore',
  'Spruce',
  'Star',
  'Stone',
  'Thrush',
  'Trail',
  'Valley',
  'Wanderer',
  'Zephyr',
];

export const PSEUDONYM_WORDS = { adjectives: ADJECTIVES, nouns: NOUNS } as const;

const ADJECTIVE_SET = new Set<string>(ADJECTIVES);
const NOUN_SET = new Set<string>(NOUNS);

/** The plain pairs number ADJECTIVES × NOUNS; past them a number keeps every name unique. */
const NUMBER_MIN = 2;
const NUMBER_MAX = 9999;

/** Adjective + noun, optionally a number: the shape every pseudonym has. */
const PSEUDONYM_PATTERN = /^[A-Z][a-z]+ [A-Z][a-z]+(?: [1-9][0-9]{0,3})?$/;

/** Whether a name is one the product could have offered: both words from its lists. */
export const isOfferablePseudonym = (name: string): boolean => {
  if (!PSEUDONYM_PATTERN.test(name)) return false;
  const [adjective, noun, number] = name.split(' ');
  if (!ADJECTIVE_SET.has(adjective!) || !NOUN_SET.has(noun!)) return false;
  return number === undefined || Number(number) >= NUMBER_MIN;
};

export const pseudonymKey = (pseudonym: string) => pseudonym.trim().toLowerCase();

export const pseudonymStreamId = (pseudonym: string) =>
  `pseudonym-${pseudonymKey(pseudonym).replace(/\s+/g, '-')}`;

/** Plain draws before numbered names join in: once this many came up taken, pairs are scarce. */
export const PLAIN_DRAWS = 60;
/** Draws before giving up; numbered names make running out practically impossible before it. */
const MAX_DRAWS = 400;

const pick = (words: readonly string[], random: () => number) =>
  words[Math.floor(random() * words.length)]!;

/**
 * Candidate names in the order to try them: adjective + noun pairs first, then, if the
 * caller still needs names after PLAIN_DRAWS, pairs with a number from 2 to 9999.
 * `random` returns numbers in [0, 1). The caller checks each against the names in use.
 */
export function* pseudonymCandidates(random: () => number): Generator<string> {
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const pair = `${pick(ADJECTIVES, random)} ${pick(NOUNS, random)}`;
    if (draw < PLAIN_DRAWS) yield pair;
    else yield numbered(pair, random);
  }
}

const numbered = (pair: string, random: () => number) =>
  `${pair} ${NUMBER_MIN + Math.floor(random() * (NUMBER_MAX - NUMBER_MIN + 1))}`;

/**
 * Up to `count` distinct plain adjective + noun pairs made where the server cannot be asked
 * (the browser, when the server offers none), none of them among `besides` (names already
 * shown or found taken). Nothing there knows which pairs are someone's: the server says so
 * when one is chosen, and the page then offers another made here.
 */
export const pseudonymsMadeUnseen = (
  count: number,
  random: () => number,
  besides: Iterable<string> = [],
): string[] => {
  const avoided = new Set([...besides].map(pseudonymKey));
  const chosen = new Set<string>();
  const offer = (pair: string) => {
    if (chosen.size < count && !avoided.has(pseudonymKey(pair))) chosen.add(pair);
  };
  for (let draw = 0; chosen.size < count && draw < MAX_DRAWS; draw++) {
    offer(`${pick(ADJECTIVES, random)} ${pick(NOUNS, random)}`);
  }
  // Draws keep missing only when nearly every pair is avoided: walk them all from a random start.
  const pairs = ADJECTIVES.length * NOUNS.length;
  const start = Math.floor(random() * pairs);
  for (let step = 0; chosen.size < count && step < pairs; step++) {
    const index = (start + step) % pairs;
    offer(`${ADJECTIVES[Math.floor(index / NOUNS.length)]!} ${NOUNS[index % NOUNS.length]!}`);
  }
  return [...chosen];
};

/** Up to `count` distinct candidates for which `taken` (given the name's key) is false. */
export const generatePseudonyms = (
  count: number,
  taken: (key: string) => boolean,
  random: () => number,
): string[] => {
  const chosen = new Set<string>();
  for (const name of pseudonymCandidates(random)) {
    if (chosen.size === count) break;
    if (!taken(pseudonymKey(name))) chosen.add(name);
  }
  return [...chosen];
};
