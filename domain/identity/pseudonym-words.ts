/** The words pseudonyms are made of; shared by the server and the browser's offline fallback. */
const ADJECTIVES = [
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

const NOUNS = [
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

/** A pseudonym is two capitalised words (adjective + noun) from the product's lists. */
export const PSEUDONYM_PATTERN = /^[A-Z][a-z]+ [A-Z][a-z]+$/;

export const pseudonymKey = (pseudonym: string) => pseudonym.trim().toLowerCase();

export const pseudonymStreamId = (pseudonym: string) =>
  `pseudonym-${pseudonymKey(pseudonym).replace(/\s+/g, '-')}`;

/**
 * Up to `count` distinct pseudonyms not in `taken`; `random` returns numbers in [0, 1).
 * Gives up after a bounded number of draws when nearly everything is taken.
 */
export const generatePseudonyms = (
  count: number,
  taken: (key: string) => boolean,
  random: () => number,
): string[] => {
  const chosen = new Set<string>();
  for (let draws = 0; chosen.size < count && draws < count * 200; draws++) {
    const adjective = ADJECTIVES[Math.floor(random() * ADJECTIVES.length)]!;
    const noun = NOUNS[Math.floor(random() * NOUNS.length)]!;
    const name = `${adjective} ${noun}`;
    if (!taken(pseudonymKey(name))) chosen.add(name);
  }
  return [...chosen];
};
