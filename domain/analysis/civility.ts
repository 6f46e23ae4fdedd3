import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { isAimed, isOrder, type Span } from './aim';
import { phraseSet } from './phrases';
import {
  COPULAS,
  DATASET_KINDS,
  ENTRIES,
  LINKERS,
  NEGATIONS,
  PHRASES,
  RELATIVE_SUBJECTS,
  TARGETS,
  TARGETS_AFTER,
  type Kind,
} from './lexicon';
import { normalizeForScreening } from './normalize';
import { wordReader } from './spelling';
import { isThreatAt, THREAT_WORDS } from './threats';
import { tokenizer, type Token } from './tokens';
import { score } from './words';

/**
 * Civility: how respectfully a text speaks, and whether it is abusive enough to refuse. Words
 * are read however they are disguised: obscenity's English dataset and transformers (`f*ck`,
 * confusable letters like `ʃ𝐟ʃὗƈｋ`) and Boon's own reading (`id10ts`, `stuuuupid`, `f u c k`,
 * `c*nt`) over Boon's words (`lexicon.ts`). Then what each does: a slur or a threat is refused
 * outright; an insult or profanity aimed at a person or at a group of those taking part is a
 * personal attack; profanity aimed at nobody costs a little each time.
 */

/** Phrases that are attacks when said as an order or aimed at someone. */
const attacks = phraseSet([
  ['go', 'to', 'hell'],
  ['shut', 'up'],
  ['shut', 'the', 'hell', 'up'],
  ['shut', 'the', 'fuck', 'up'],
  ['shut', 'your', 'mouth'],
  ['screw', 'you'],
  ['screw', 'u'],
  ['screw', 'yall'],
  ['piss', 'off'],
  ['stfu'],
  ['gtfo'],
]);

/** What turns an attack phrase into an idiom: "go to hell and back". */
const notAttacks = phraseSet([['and', 'back']]);

/**
 * Profanity as an intensifier of what follows ("you're fucking brilliant"): aimed only if
 * what it intensifies is an insult ("you fucking idiot"), which is then aimed itself.
 */
const isIntensifier = (tokens: readonly Token[], finding: Finding, findingAt: Set<number>) =>
  finding.kind === 'profanity' &&
  /(?:ing|in)$/u.test(tokens[finding.last]!.text) &&
  finding.last + 1 < tokens.length &&
  !tokens[finding.last + 1]!.clauseStart &&
  !findingAt.has(finding.last + 1);

/** The words spelled-out letters may be read as. */
const VOCABULARY = [
  ...new Set([
    ...ENTRIES.flatMap((entry) => [entry.word, `${entry.word}s`]),
    ...[
      ...PHRASES.map((p) => p.words),
      ...TARGETS,
      ...TARGETS_AFTER,
      ...RELATIVE_SUBJECTS,
      ...attacks.phrases,
    ]
      .flat()
      .filter((word) => word !== '*'),
    ...LINKERS,
    ...COPULAS,
    ...NEGATIONS,
    ...THREAT_WORDS,
    ...'i ill im will'.split(' '),
  ]),
];

const tokenize = tokenizer(VOCABULARY);
const readWord = wordReader(ENTRIES);
const insultPhrases = phraseSet(PHRASES.map((phrase) => phrase.words));
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/**
 * The words of a text as the check reads them: characters normalised, then disguised words
 * read as the words they stand for (`Y0u 4r3 4n 1d10t` → you are an idiot).
 */
export const wordsAsRead = (text: string): string[] =>
  tokenize(normalizeForScreening(text)).map((token) => token.text);

type Finding = Span & { kind: Kind };

/** Boon's words and obscenity's, one finding per word (a phrase counts once). */
const findingsIn = (text: string, tokens: readonly Token[]): Finding[] => {
  const byFirst = new Map<number, Finding>();
  const covered = new Set<number>();
  const add = (finding: Finding) => {
    for (let k = finding.first; k <= finding.last; k++) if (covered.has(k)) return;
    for (let k = finding.first; k <= finding.last; k++) covered.add(k);
    byFirst.set(finding.first, finding);
  };
  tokens.forEach((_, i) => {
    const length = insultPhrases.startingAt(tokens, i);
    const phrase = PHRASES.find((p) => p.words.length === length && p.words[0] === tokens[i]!.text);
    if (phrase) add({ first: i, last: i + length - 1, kind: phrase.kind, noun: phrase.noun });
  });
  tokens.forEach((token, i) => {
    const entry = readWord(token.text);
    if (!entry) return;
    // Said of a clause's end only: "you suck at chess" is about chess.
    if (entry.clauseEnd && i + 1 < tokens.length && !tokens[i + 1]!.clauseStart) return;
    add({ first: i, last: i, kind: entry.kind, noun: entry.noun });
  });
  for (const match of matcher.getAllMatches(text, true)) {
    const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
    const at = tokens.findIndex((t) => t.start <= match.startIndex && match.startIndex < t.end);
    if (at < 0) continue;
    add({ first: at, last: at, kind: DATASET_KINDS[word ?? ''] ?? 'profanity', noun: false });
  }
  return [...byFirst.values()].sort((a, b) => a.first - b.first);
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
/**
 * Published, but doubtful: below this and not refused, an item waits for a moderator (held
 * from others) instead of going straight through. Three profanities, or two and an insult.
 */
export const BORDERLINE_BELOW = 0.7;

export const isBorderline = (civility: number) =>
  civility >= ABUSIVE_BELOW && civility < BORDERLINE_BELOW;

export const judgeCivility = (written: string): CivilityJudgement => {
  const text = normalizeForScreening(written);
  const tokens = tokenize(text);
  const findings = findingsIn(text, tokens);
  const findingAt = new Set(findings.flatMap((f) => [f.first, f.last]));
  let severe: RejectionReason | null = findings.some((f) => f.kind === 'slur') ? 'slur' : null;
  if (tokens.some((_, i) => isThreatAt(tokens, i))) severe ??= 'threat';
  let cost = 0;
  let aimed = false;
  tokens.forEach((_, i) => {
    const length = attacks.startingAt(tokens, i);
    if (length === 0 || notAttacks.startingAt(tokens, i + length) > 0) return;
    const span = { first: i, last: i + length - 1, noun: false };
    if (isOrder(tokens, i) || isAimed(tokens, span, (k) => findingAt.has(k))) {
      aimed = true;
      cost += COST.aimed;
    }
  });
  for (const finding of findings) {
    if (finding.kind === 'topic' || finding.kind === 'slur') continue;
    if (
      !isIntensifier(tokens, finding, findingAt) &&
      isAimed(tokens, finding, (k) => findingAt.has(k))
    ) {
      aimed = true;
      cost += COST.aimed;
    } else if (finding.kind === 'insult') cost += COST.insult;
    else if (finding.kind === 'profanity') cost += COST.profanity;
  }
  const civility = severe ? 0 : score(1 - cost);
  const abusive = civility < ABUSIVE_BELOW;
  return {
    civility,
    abusive,
    reason: !abusive ? null : (severe ?? (aimed ? 'personal attack' : 'profanity')),
  };
};
