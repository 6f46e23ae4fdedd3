/**
 * Claims people often repeat in everyday ethical discussions, with what the evidence says.
 * Matching runs only in the browser: a response matches a claim when its text contains
 * every term of one of the claim's patterns (case-insensitive).
 */
export type Verdict = 'verified' | 'disputed';

export type Claim = {
  id: string;
  patterns: string[][];
  verdict: Verdict;
  summary: string;
  explanation: string;
  sources: { title: string; url: string }[];
};

export const claims: Claim[] = [
  {
    id: 'brain-ten-percent',
    patterns: [
      ['10%', 'brain'],
      ['ten percent', 'brain'],
    ],
    verdict: 'disputed',
    summary: 'We do not use only 10% of our brains.',
    explanation:
      'Brain imaging shows activity across virtually the whole brain over a day, and damage to almost any area has effects. The 10% figure is a popular myth.',
    sources: [
      {
        title: 'Ten percent of the brain myth (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Ten_percent_of_the_brain_myth',
      },
    ],
  },
  {
    id: 'vaccines-autism',
    patterns: [
      ['vaccine', 'autism'],
      ['vaccines', 'autism'],
    ],
    verdict: 'disputed',
    summary: 'Vaccines do not cause autism.',
    explanation:
      'Large studies involving millions of children found no link between vaccines and autism. The 1998 paper that claimed one was retracted for fraud.',
    sources: [
      {
        title: 'Vaccines and autism (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Vaccines_and_autism',
      },
      {
        title: 'WHO: Vaccines and immunization',
        url: 'https://www.who.int/health-topics/vaccines-and-immunization',
      },
    ],
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
    explanation:
      'Multiple independent reviews of the peer-reviewed literature find agreement above 90%, with most estimates around 97% or higher.',
    sources: [
      {
        title: 'Scientific consensus on climate change (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Scientific_consensus_on_climate_change',
      },
    ],
  },
  {
    id: 'great-wall-space',
    patterns: [
      ['great wall', 'space'],
      ['great wall', 'moon'],
    ],
    verdict: 'disputed',
    summary: 'The Great Wall of China is not visible to the naked eye from space.',
    explanation:
      'Astronauts report that the wall is too narrow and similar in colour to its surroundings to be seen unaided from orbit, let alone from the Moon.',
    sources: [
      {
        title: 'Great Wall of China: visibility from space (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Great_Wall_of_China#Visibility_from_space',
      },
    ],
  },
  {
    id: 'goldfish-memory',
    patterns: [['goldfish', 'memory']],
    verdict: 'disputed',
    summary: 'Goldfish remember for months, not seconds.',
    explanation: 'Experiments show goldfish can learn tasks and remember them for months.',
    sources: [
      {
        title: 'Goldfish: cognitive abilities (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Goldfish#Cognitive_abilities',
      },
    ],
  },
  {
    id: 'lightning-twice',
    patterns: [
      ['lightning', 'never strikes', 'twice'],
      ['lightning', 'same place', 'twice'],
    ],
    verdict: 'disputed',
    summary: 'Lightning often strikes the same place more than once.',
    explanation:
      'Tall structures are struck repeatedly; the Empire State Building is hit around 20–25 times a year.',
    sources: [{ title: 'Lightning (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Lightning' }],
  },
  {
    id: 'einstein-math',
    patterns: [['einstein', 'failed', 'math']],
    verdict: 'disputed',
    summary: 'Einstein did not fail mathematics.',
    explanation:
      'Einstein excelled at mathematics from an early age; the story stems from a misread grading scale.',
    sources: [
      {
        title: 'Albert Einstein: early life (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Albert_Einstein#Early_life_and_education',
      },
    ],
  },
  {
    id: 'sugar-hyperactivity',
    patterns: [
      ['sugar', 'hyperactive'],
      ['sugar', 'hyperactivity'],
    ],
    verdict: 'disputed',
    summary: 'Sugar does not make children hyperactive.',
    explanation:
      'Double-blind studies find no difference in behaviour between children given sugar and those given a placebo.',
    sources: [
      {
        title: 'Sugar and hyperactivity (Wikipedia: List of common misconceptions)',
        url: 'https://en.wikipedia.org/wiki/List_of_common_misconceptions',
      },
    ],
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
    explanation:
      'Handwashing with soap cuts diarrhoeal and respiratory infections substantially, according to WHO and many trials.',
    sources: [
      { title: 'Hand washing (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Hand_washing' },
    ],
  },
  {
    id: 'seasons-distance',
    patterns: [
      ['seasons', 'closer to the sun'],
      ['summer', 'closer to the sun'],
    ],
    verdict: 'disputed',
    summary: 'Seasons are caused by the tilt of the Earth, not its distance from the Sun.',
    explanation:
      'Earth is actually closest to the Sun in early January, during the northern winter.',
    sources: [{ title: 'Season (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Season' }],
  },
  {
    id: 'bystander-effect',
    patterns: [
      ['bystander', 'effect'],
      ['bystanders', 'less likely', 'help'],
    ],
    verdict: 'verified',
    summary: 'The bystander effect is real, though smaller than often claimed.',
    explanation:
      'People are somewhat less likely to help when others are present, but a 2019 study of real conflicts found that someone intervened in about 90% of cases.',
    sources: [
      {
        title: 'Bystander effect (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Bystander_effect',
      },
    ],
  },
  {
    id: 'stanford-prison',
    patterns: [['stanford prison', 'experiment']],
    verdict: 'disputed',
    summary: 'The Stanford prison experiment is a weak basis for claims about human nature.',
    explanation:
      'Later analyses showed guards were coached and participants knew what was expected; the study had no control group and was never properly replicated.',
    sources: [
      {
        title: 'Stanford prison experiment (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Stanford_prison_experiment',
      },
    ],
  },
  {
    id: 'daily-water',
    patterns: [
      ['eight glasses', 'water'],
      ['8 glasses', 'water'],
    ],
    verdict: 'disputed',
    summary: 'There is no scientific rule that everyone needs eight glasses of water a day.',
    explanation:
      'Water needs vary; food and other drinks supply much of it, and thirst is a good guide for healthy adults.',
    sources: [
      {
        title: 'Drinking water: daily requirements (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Drinking_water',
      },
    ],
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
    explanation:
      'Antibiotics act on bacteria; using them for viral infections does not help and fuels antibiotic resistance.',
    sources: [
      {
        title: 'WHO fact sheet: Antibiotic resistance',
        url: 'https://www.who.int/news-room/fact-sheets/detail/antibiotic-resistance',
      },
    ],
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
    explanation:
      'By World Bank measures, extreme poverty fell from over a third of humanity in 1990 to under a tenth before 2020, though progress has slowed.',
    sources: [{ title: 'Our World in Data: Poverty', url: 'https://ourworldindata.org/poverty' }],
  },
  {
    id: 'honey-spoil',
    patterns: [
      ['honey', 'never spoils'],
      ['honey', 'never goes bad'],
    ],
    verdict: 'verified',
    summary: 'Sealed honey keeps for a very long time.',
    explanation:
      'Its low water content and acidity stop microbes from growing; edible honey has been reported in ancient tombs.',
    sources: [
      { title: 'Honey: preservation (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Honey' },
    ],
  },
  {
    id: 'left-right-brain',
    patterns: [['left-brained'], ['right-brained'], ['left brain', 'right brain']],
    verdict: 'disputed',
    summary: 'People are not “left-brained” or “right-brained”.',
    explanation:
      'Some functions lean to one hemisphere, but studies find no evidence that individuals use one side more than the other.',
    sources: [
      {
        title: 'Lateralization of brain function (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Lateralization_of_brain_function',
      },
    ],
  },
  {
    id: 'learning-styles',
    patterns: [['learning styles'], ['visual learner'], ['auditory learner']],
    verdict: 'disputed',
    summary: 'Teaching to “learning styles” does not improve learning.',
    explanation:
      'Reviews find little evidence that matching instruction to a preferred visual, auditory or kinaesthetic style helps students learn.',
    sources: [
      {
        title: 'Learning styles (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Learning_styles',
      },
    ],
  },
  {
    id: 'recycling-plastic',
    patterns: [
      ['plastic', 'recycled'],
      ['plastic', 'recycling'],
    ],
    verdict: 'verified',
    summary: 'Only a small share of plastic waste has ever been recycled.',
    explanation:
      'Estimates suggest that under 10% of all plastic ever produced has been recycled; most ends in landfill, incineration or the environment.',
    sources: [
      {
        title: 'Our World in Data: Plastic pollution',
        url: 'https://ourworldindata.org/plastic-pollution',
      },
    ],
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
    explanation:
      'Average life expectancy was pulled down by very high infant and child mortality; adults who survived childhood often lived into their 60s.',
    sources: [
      {
        title: 'Life expectancy: historical (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Life_expectancy',
      },
    ],
  },
  {
    id: 'crime-immigration',
    patterns: [
      ['immigrants', 'more crime'],
      ['immigration', 'increases crime'],
    ],
    verdict: 'disputed',
    summary: 'Research generally does not find that immigration increases crime.',
    explanation:
      'Most studies in the United States and Europe find immigrants commit crimes at similar or lower rates than native-born residents, though findings vary by place and period.',
    sources: [
      {
        title: 'Immigration and crime (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Immigration_and_crime',
      },
    ],
  },
  {
    id: 'kindness-health',
    patterns: [
      ['volunteering', 'health'],
      ['helping others', 'happier'],
    ],
    verdict: 'verified',
    summary: 'Helping others is linked with better well-being.',
    explanation:
      'Studies associate volunteering and prosocial spending with higher happiness and, in older adults, lower mortality, though cause and effect are hard to separate.',
    sources: [
      {
        title: 'Volunteering: health benefits (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Volunteering',
      },
    ],
  },
];

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The first claim whose pattern terms all appear in the text, or null. */
export const matchClaim = (text: string, list: readonly Claim[] = claims): Claim | null => {
  const haystack = normalise(text);
  return (
    list.find((claim) =>
      claim.patterns.some((terms) => terms.every((term) => haystack.includes(term))),
    ) ?? null
  );
};
