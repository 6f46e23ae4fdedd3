/**
 * Claims people often repeat in everyday ethical discussions, each with its verdict in a line.
 * Matching runs only in the browser: a response matches a claim when its text contains
 * every term of one of the claim's patterns (case-insensitive). The explanations and sources
 * live in evidence.ts, loaded only when a response on the page matches.
 */
export type Verdict = 'verified' | 'disputed';

export type Claim = {
  id: string;
  patterns: readonly (readonly string[])[];
  verdict: Verdict;
  summary: string;
};

export const claims = [
  {
    id: 'brain-ten-percent',
    patterns: [
      ['10%', 'brain'],
      ['ten percent', 'brain'],
    ],
    verdict: 'disputed',
    summary: 'We do not use only 10% of our brains.',
  },
  {
    id: 'vaccines-autism',
    patterns: [
      ['vaccine', 'autism'],
      ['vaccines', 'autism'],
    ],
    verdict: 'disputed',
    summary: 'Vaccines do not cause autism.',
  },
  {
    id: 'climate-consensus',
    patterns: [
      ['climate', 'scientists', 'agree'],
      ['climate change', 'consensus'],
      ['global warming', 'consensus'],
    ],
    verdict: 'verified',
    summary: 'Scientists overwhelmingly agree that recent warming is caused by humans.',
  },
  {
    id: 'great-wall-space',
    patterns: [
      ['great wall', 'space'],
      ['great wall', 'moon'],
    ],
    verdict: 'disputed',
    summary: 'The Great Wall of China is not visible to the naked eye from space.',
  },
  {
    id: 'goldfish-memory',
    patterns: [['goldfish', 'memory']],
    verdict: 'disputed',
    summary: 'Goldfish remember for months, not seconds.',
  },
  {
    id: 'lightning-twice',
    patterns: [
      ['lightning', 'never strikes', 'twice'],
      ['lightning', 'same place', 'twice'],
    ],
    verdict: 'disputed',
    summary: 'Lightning often strikes the same place more than once.',
  },
  {
    id: 'einstein-math',
    patterns: [['einstein', 'failed', 'math']],
    verdict: 'disputed',
    summary: 'Einstein did not fail mathematics.',
  },
  {
    id: 'sugar-hyperactivity',
    patterns: [
      ['sugar', 'hyperactive'],
      ['sugar', 'hyperactivity'],
    ],
    verdict: 'disputed',
    summary: 'Sugar does not make children hyperactive.',
  },
  {
    id: 'hand-washing',
    patterns: [
      ['wash', 'hands', 'infection'],
      ['handwashing', 'disease'],
      ['hand washing', 'disease'],
    ],
    verdict: 'verified',
    summary: 'Washing hands with soap reduces the spread of infections.',
  },
  {
    id: 'seasons-distance',
    patterns: [
      ['seasons', 'closer to the sun'],
      ['summer', 'closer to the sun'],
    ],
    verdict: 'disputed',
    summary: 'Seasons are caused by the tilt of the Earth, not its distance from the Sun.',
  },
  {
    id: 'bystander-effect',
    patterns: [
      ['bystander', 'effect'],
      ['bystanders', 'less likely', 'help'],
    ],
    verdict: 'verified',
    summary: 'The bystander effect is real, though smaller than often claimed.',
  },
  {
    id: 'stanford-prison',
    patterns: [['stanford prison', 'experiment']],
    verdict: 'disputed',
    summary: 'The Stanford prison experiment is a weak basis for claims about human nature.',
  },
  {
    id: 'daily-water',
    patterns: [
      ['eight glasses', 'water'],
      ['8 glasses', 'water'],
    ],
    verdict: 'disputed',
    summary: 'There is no scientific rule that everyone needs eight glasses of water a day.',
  },
  {
    id: 'antibiotics-viruses',
    patterns: [
      ['antibiotics', 'virus'],
      ['antibiotics', 'cold'],
      ['antibiotics', 'flu'],
    ],
    verdict: 'disputed',
    summary: 'Antibiotics do not work against viruses such as colds and flu.',
  },
  {
    id: 'extreme-poverty',
    patterns: [
      ['extreme poverty', 'declined'],
      ['extreme poverty', 'fallen'],
      ['poverty', 'getting worse'],
    ],
    verdict: 'verified',
    summary: 'The share of people in extreme poverty has fallen sharply since 1990.',
  },
  {
    id: 'honey-spoil',
    patterns: [
      ['honey', 'never spoils'],
      ['honey', 'never goes bad'],
    ],
    verdict: 'verified',
    summary: 'Sealed honey keeps for a very long time.',
  },
  {
    id: 'left-right-brain',
    patterns: [['left-brained'], ['right-brained'], ['left brain', 'right brain']],
    verdict: 'disputed',
    summary: 'People are not “left-brained” or “right-brained”.',
  },
  {
    id: 'learning-styles',
    patterns: [['learning styles'], ['visual learner'], ['auditory learner']],
    verdict: 'disputed',
    summary: 'Teaching to “learning styles” does not improve learning.',
  },
  {
    id: 'recycling-plastic',
    patterns: [
      ['plastic', 'recycled'],
      ['plastic', 'recycling'],
    ],
    verdict: 'verified',
    summary: 'Only a small share of plastic waste has ever been recycled.',
  },
  {
    id: 'life-expectancy-past',
    patterns: [
      ['people', 'died at 30'],
      ['life expectancy', 'middle ages'],
      ['life expectancy', 'ancient'],
    ],
    verdict: 'disputed',
    summary: 'Low historical life expectancy mostly reflects child deaths, not adults dying young.',
  },
  {
    id: 'crime-immigration',
    patterns: [
      ['immigrants', 'more crime'],
      ['immigration', 'increases crime'],
    ],
    verdict: 'disputed',
    summary: 'Research generally does not find that immigration increases crime.',
  },
  {
    id: 'kindness-health',
    patterns: [
      ['volunteering', 'health'],
      ['helping others', 'happier'],
    ],
    verdict: 'verified',
    summary: 'Helping others is linked with better well-being.',
  },
] as const satisfies readonly Claim[];

export type KnownClaim = (typeof claims)[number];
export type ClaimId = KnownClaim['id'];

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The first claim whose pattern terms all appear in the text, or null. */
export const matchClaim = (text: string): KnownClaim | null => {
  const haystack = normalise(text);
  return (
    claims.find((claim: Claim) =>
      claim.patterns.some((terms) => terms.every((term) => haystack.includes(term))),
    ) ?? null
  );
};
