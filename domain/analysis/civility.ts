import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  pattern,
  RegExpMatcher,
} from 'obscenity';
import { score, tokens } from './words';

/**
 * Civility: how respectfully a text speaks, and whether it is abusive enough to refuse.
 * Obscenity's English dataset and transformers find words however they are disguised
 * (`f*ck`, `sh1t`, `ʃ𝐟ʃὗƈｋ`, `fuuuck`); Boon adds insults, attacks and threats, and sorts every
 * word by what it does in a discussion of ethics: a slur or a threat is refused outright, an
 * insult aimed at a person is a personal attack, profanity costs a little each time, and words
 * a serious answer may need (rape, sex, incest) cost nothing.
 */

type Kind = 'slur' | 'threat' | 'attack' | 'insult' | 'profanity' | 'topic';

const kinds: Record<Kind, readonly string[]> = {
  slur: [
    'abeed',
    'africoon',
    'arabush',
    'boonga',
    'chingchong',
    'chink',
    'kike',
    'nigger',
    'fag',
    'dyke',
    'tranny',
    'retard',
    'spastic',
  ],
  threat: ['kill yourself', 'kys', 'hope you die', 'go die', 'die in a fire', 'i will kill you'],
  attack: ['screw you', 'go to hell'],
  insult: [
    'shut up',
    'bitch',
    'bastard',
    'cunt',
    'twat',
    'prick',
    'whore',
    'slut',
    'cuck',
    'dick',
    'cock',
    'ass',
    'idiot',
    'moron',
    'imbecile',
    'cretin',
    'dumbass',
    'loser',
    'scumbag',
    'halfwit',
    'dimwit',
    'stupid',
    'dumb',
    'pathetic',
    'worthless',
  ],
  profanity: [
    'fuck',
    'shit',
    'piss',
    'bollocks',
    'arse',
    'wank',
    'turd',
    'jizz',
    'blowjob',
    'buttplug',
    'cum',
    'deepthroat',
    'dildo',
    'doggystyle',
    'double penetration',
    'felch',
    'fellatio',
    'finger bang',
    'fisting',
    'gangbang',
    'handjob',
    'hentai',
    'jerk off',
    'lubejob',
    'pussy',
  ],
  topic: [
    'anal',
    'anus',
    'bestiality',
    'boob',
    'ejaculate',
    'hooker',
    'incest',
    'masturbate',
    'negro',
    'orgasm',
    'orgy',
    'penis',
    'porn',
    'rape',
    'scat',
    'semen',
    'sex',
    'tit',
    'vagina',
  ],
};

const kindOf = new Map<string, Kind>(
  (Object.entries(kinds) as [Kind, readonly string[]][]).flatMap(([kind, words]) =>
    words.map((word) => [word, kind] as const),
  ),
);

type Meta = { originalWord: string };

/** Boon's own phrases; `|` marks a word boundary (so `closer` is no `loser`). */
const boonPhrases: [word: string, patterns: ReturnType<typeof pattern>[]][] = [
  ['kill yourself', [pattern`kill yourself`, pattern`killyourself`]],
  ['kys', [pattern`|kys|`]],
  ['hope you die', [pattern`hope you die`]],
  ['go die', [pattern`|go die|`]],
  ['die in a fire', [pattern`die in a fire`]],
  ['i will kill you', [pattern`|i will kill you`, pattern`|ill kill you`]],
  ['screw you', [pattern`|screw you`]],
  ['go to hell', [pattern`|go to hell`]],
  ['shut up', [pattern`|shut up|`]],
  ['idiot', [pattern`|idiot`]],
  ['moron', [pattern`|moron`]],
  ['imbecile', [pattern`|imbecil`]],
  ['cretin', [pattern`|cretin`]],
  ['dumbass', [pattern`|dumbass`]],
  ['loser', [pattern`|loser`]],
  ['scumbag', [pattern`|scum`]],
  ['halfwit', [pattern`|halfwit`]],
  ['dimwit', [pattern`|dimwit`]],
  ['stupid', [pattern`|stupid`]],
  ['dumb', [pattern`|dumb|`]],
  ['pathetic', [pattern`|pathetic`]],
  ['worthless', [pattern`|worthless`]],
];

const dataset = boonPhrases.reduce(
  (set, [word, patterns]) =>
    set.addPhrase((phrase) =>
      patterns.reduce((p, each) => p.addPattern(each), phrase.setMetadata({ originalWord: word })),
    ),
  new DataSet<Meta>().addAll(englishDataset),
);

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

const SECOND_PERSON = new Set(['you', 'youre', 'yourself', 'ur', 'u', 'ya', 'yall']);
/** Words that may stand between "you" and an insult aimed at them: "you are such a total …". */
const LINKERS = new Set([
  'are',
  're',
  'r',
  'a',
  'an',
  'such',
  'so',
  'really',
  'total',
  'totally',
  'complete',
  'completely',
  'absolute',
  'absolutely',
  'utter',
  'utterly',
  'just',
  'the',
  'biggest',
  'big',
  'little',
  'ing',
  'in',
]);
const AIMED_AFTER = new Set(['you', 'off', 'yourself', 'u', 'ya']);

const sentenceBefore = (text: string, at: number) =>
  text
    .slice(Math.max(0, at - 80), at)
    .split(/[.!?;:\n]/)
    .pop() ?? '';

/**
 * Is the word at [start, end] aimed at someone: "you idiot", "you're such a moron", "fuck you",
 * "fuck off"? Only linking words may stand between "you" and the insult ("if you feel stupid"
 * is not aimed); `previousAimedEnd` chains insults in a row ("you f*cking idiot").
 */
const isAimed = (text: string, start: number, end: number, previousAimedEnd: number | null) => {
  const after = text.slice(end + 1, end + 24).split(/[.!?;:\n]/)[0] ?? '';
  if (AIMED_AFTER.has(tokens(after)[0] ?? '')) return true;
  const words =
    previousAimedEnd !== null && previousAimedEnd < start && start - previousAimedEnd < 40
      ? ['you', ...tokens(text.slice(previousAimedEnd + 1, start))]
      : tokens(sentenceBefore(text, start));
  for (let i = words.length - 1; i >= 0 && words.length - i <= 12; i--) {
    const word = words[i]!;
    if (SECOND_PERSON.has(word)) return true;
    // Single letters are a spaced-out word ("f u c k i n g"), not a new thought.
    if (!LINKERS.has(word) && word.length > 1) return false;
  }
  return false;
};

export type RejectionReason = 'slur' | 'threat' | 'personal attack' | 'profanity';

export type CivilityJudgement = {
  /** 1 is civil; 0 is a slur or a threat. Three decimals. */
  civility: number;
  /** Refused: below `ABUSIVE_BELOW`. */
  abusive: boolean;
  reason: RejectionReason | null;
};

/** What each finding costs. A personal attack alone takes a text below the refusal line. */
const COST = { aimed: 0.7, profanity: 0.15, insult: 0.1 };
export const ABUSIVE_BELOW = 0.5;

export const judgeCivility = (text: string): CivilityJudgement => {
  let cost = 0;
  let severe: RejectionReason | null = null;
  let aimed = false;
  let lastAimedEnd: number | null = null;
  const seen = new Set<string>();
  for (const match of matcher.getAllMatches(text, true)) {
    const word = dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord ?? '';
    const place = `${match.startIndex}:${word}`;
    if (seen.has(place)) continue;
    seen.add(place);
    const kind = kindOf.get(word) ?? 'profanity';
    if (kind === 'slur' || kind === 'threat') severe ??= kind;
    else if (kind === 'attack') {
      aimed = true;
      lastAimedEnd = match.endIndex;
      cost += COST.aimed;
    } else if (kind === 'insult' || kind === 'profanity') {
      if (isAimed(text, match.startIndex, match.endIndex, lastAimedEnd)) {
        aimed = true;
        lastAimedEnd = match.endIndex;
        cost += COST.aimed;
      } else cost += kind === 'insult' ? COST.insult : COST.profanity;
    }
  }
  const civility = severe ? 0 : score(1 - cost);
  const abusive = civility < ABUSIVE_BELOW;
  return {
    civility,
    abusive,
    reason: !abusive ? null : (severe ?? (aimed ? 'personal attack' : 'profanity')),
  };
};
