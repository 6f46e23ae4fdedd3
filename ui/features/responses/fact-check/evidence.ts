import type { ClaimId } from './claims';

/**
 * What the evidence says about each claim (claims.ts), and where to read more: the longer part
 * of a fact-check note, in a chunk of its own that loads only once a response on the page
 * matches a claim (most never do).
 */
export type Evidence = {
  explanation: string;
  sources: readonly { title: string; url: string }[];
};

export const evidence: Record<ClaimId, Evidence> = {
  'brain-ten-percent': {
    explanation:
      'Brain imaging shows activity across virtually the whole brain over a day, and damage to almost any area has effects. The 10% figure is a popular myth.',
    sources: [
      {
        title: 'Ten percent of the brain myth (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Ten_percent_of_the_brain_myth',
      },
    ],
  },
  'vaccines-autism': {
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
  'climate-consensus': {
    explanation:
      'Multiple independent reviews of the peer-reviewed literature find agreement above 90%, with most estimates around 97% or higher.',
    sources: [
      {
        title: 'Scientific consensus on climate change (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Scientific_consensus_on_climate_change',
      },
    ],
  },
  'great-wall-space': {
    explanation:
      'Astronauts report that the wall is too narrow and similar in colour to its surroundings to be seen unaided from orbit, let alone from the Moon.',
    sources: [
      {
        title: 'Great Wall of China: visibility from space (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Great_Wall_of_China#Visibility_from_space',
      },
    ],
  },
  'goldfish-memory': {
    explanation: 'Experiments show goldfish can learn tasks and remember them for months.',
    sources: [
      {
        title: 'Goldfish: cognitive abilities (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Goldfish#Cognitive_abilities',
      },
    ],
  },
  'lightning-twice': {
    explanation:
      'Tall structures are struck repeatedly; the Empire State Building is hit around 20–25 times a year.',
    sources: [{ title: 'Lightning (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Lightning' }],
  },
  'einstein-math': {
    explanation:
      'Einstein excelled at mathematics from an early age; the story stems from a misread grading scale.',
    sources: [
      {
        title: 'Albert Einstein: early life (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Albert_Einstein#Early_life_and_education',
      },
    ],
  },
  'sugar-hyperactivity': {
    explanation:
      'Double-blind studies find no difference in behaviour between children given sugar and those given a placebo.',
    sources: [
      {
        title: 'Sugar and hyperactivity (Wikipedia: List of common misconceptions)',
        url: 'https://en.wikipedia.org/wiki/List_of_common_misconceptions',
      },
    ],
  },
  'hand-washing': {
    explanation:
      'Handwashing with soap cuts diarrhoeal and respiratory infections substantially, according to WHO and many trials.',
    sources: [
      { title: 'Hand washing (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Hand_washing' },
    ],
  },
  'seasons-distance': {
    explanation:
      'Earth is actually closest to the Sun in early January, during the northern winter.',
    sources: [{ title: 'Season (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Season' }],
  },
  'bystander-effect': {
    explanation:
      'People are somewhat less likely to help when others are present, but a 2019 study of real conflicts found that someone intervened in about 90% of cases.',
    sources: [
      {
        title: 'Bystander effect (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Bystander_effect',
      },
    ],
  },
  'stanford-prison': {
    explanation:
      'Later analyses showed guards were coached and participants knew what was expected; the study had no control group and was never properly replicated.',
    sources: [
      {
        title: 'Stanford prison experiment (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Stanford_prison_experiment',
      },
    ],
  },
  'daily-water': {
    explanation:
      'Water needs vary; food and other drinks supply much of it, and thirst is a good guide for healthy adults.',
    sources: [
      {
        title: 'Drinking water: daily requirements (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Drinking_water',
      },
    ],
  },
  'antibiotics-viruses': {
    explanation:
      'Antibiotics act on bacteria; using them for viral infections does not help and fuels antibiotic resistance.',
    sources: [
      {
        title: 'WHO fact sheet: Antibiotic resistance',
        url: 'https://www.who.int/news-room/fact-sheets/detail/antibiotic-resistance',
      },
    ],
  },
  'extreme-poverty': {
    explanation:
      'By World Bank measures, extreme poverty fell from over a third of humanity in 1990 to under a tenth before 2020, though progress has slowed.',
    sources: [{ title: 'Our World in Data: Poverty', url: 'https://ourworldindata.org/poverty' }],
  },
  'honey-spoil': {
    explanation:
      'Its low water content and acidity stop microbes from growing; edible honey has been reported in ancient tombs.',
    sources: [
      { title: 'Honey: preservation (Wikipedia)', url: 'https://en.wikipedia.org/wiki/Honey' },
    ],
  },
  'left-right-brain': {
    explanation:
      'Some functions lean to one hemisphere, but studies find no evidence that individuals use one side more than the other.',
    sources: [
      {
        title: 'Lateralization of brain function (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Lateralization_of_brain_function',
      },
    ],
  },
  'learning-styles': {
    explanation:
      'Reviews find little evidence that matching instruction to a preferred visual, auditory or kinaesthetic style helps students learn.',
    sources: [
      {
        title: 'Learning styles (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Learning_styles',
      },
    ],
  },
  'recycling-plastic': {
    explanation:
      'Estimates suggest that under 10% of all plastic ever produced has been recycled; most ends in landfill, incineration or the environment.',
    sources: [
      {
        title: 'Our World in Data: Plastic pollution',
        url: 'https://ourworldindata.org/plastic-pollution',
      },
    ],
  },
  'life-expectancy-past': {
    explanation:
      'Average life expectancy was pulled down by very high infant and child mortality; adults who survived childhood often lived into their 60s.',
    sources: [
      {
        title: 'Life expectancy: historical (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Life_expectancy',
      },
    ],
  },
  'crime-immigration': {
    explanation:
      'Most studies in the United States and Europe find immigrants commit crimes at similar or lower rates than native-born residents, though findings vary by place and period.',
    sources: [
      {
        title: 'Immigration and crime (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Immigration_and_crime',
      },
    ],
  },
  'kindness-health': {
    explanation:
      'Studies associate volunteering and prosocial spending with higher happiness and, in older adults, lower mortality, though cause and effect are hard to separate.',
    sources: [
      {
        title: 'Volunteering: health benefits (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Volunteering',
      },
    ],
  },
};
