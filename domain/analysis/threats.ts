import { NEGATIONS } from './lexicon';
import type { Token } from './tokens';
import { isOrder } from './aim';

/*
 * Threats: wishes of death or harm aimed at people ("I hope you all get hurt", "die already"),
 * orders to harm oneself ("go hang yourself"), and someone saying they (or someone) will harm
 * the reader ("I'll break your legs", "somebody should shoot you"). Aimed at people means the
 * reader, a group of those taking part, or the reader's family: "I hope this bill gets
 * killed", "I would die for my children" and "break a leg" name no one.
 *
 * Rules are written in a small grammar over the words as read (`tokens.ts`: lower case,
 * apostrophes dropped, disguises undone). A rule is slots separated by spaces:
 * - `a|b`: one of these words; a trailing `?` makes a slot optional;
 * - `@part`: one of the part's sequences (a part may name others);
 * - `*`: any one word;  `$`: the clause ends here (a comma, a full stop, the text's end).
 * A rule never reaches past its sentence.
 */

const PARTS: Readonly<Record<string, readonly string[]>> = {
  /** Whom a threat names: the reader, a group of those taking part, the reader's family. */
  target: [
    'you|u|ya|yall|ye|youse',
    'you|u all|guys|people|lot|two|both|folks',
    'all|each|both of you|u|yall',
    'every single? one of you|yall',
    'everyone|everybody here|there',
    'everyone|everybody on|in here',
    'everyone|everybody in|on this *',
    'your|ur|yer whole? @kin',
  ],
  kin: [
    'family|kids|children|kid|son|sons|daughter|daughters|mom|mother|mum|dad|father|wife|husband|parents|sister|brother|kind',
  ],
  /** What a wish of harm wishes (after "I hope you"). */
  harm: [
    '@severe',
    'suffer|suffers|starve|starves|drown|drowns|rot|rots|burn|burns|choke|chokes $',
    'choke|chokes on',
    'burn|burns alive|slowly|forever',
    'get|gets cancer|aids|ebola',
    'get|gets run over',
    'get|gets hit by a|the *',
    'get|gets beat|beaten up|senseless',
    'get|gets @harmedIfEnds $',
    'be|are|were|was|is @harmedIfEnds $',
  ],
  /** Harm that is never anything else, wished or ordered. */
  severe: [
    'die|dies|croak|croaks|perish|perishes',
    'drop|drops dead',
    'rot|rots|burn|burns|die|dies in hell|agony',
    'get|gets @harmed',
    'be|are|were|was|is dead',
    'be|are|were|was|is @harmed',
  ],
  harmed: [
    'hurt|killed|shot|stabbed|murdered|raped|tortured|hanged|lynched|strangled|executed|burned|burnt|maimed|mauled|gassed|beheaded',
  ],
  /** Said of games and elections too: harm only where nothing follows ("beaten at chess"). */
  harmedIfEnds: ['beaten|crushed|slaughtered|butchered|destroyed'],
  /** A blow aimed at whom a threat names. */
  violence: [
    'kill|kills|hurt|hurts|stab|stabs|murder|murders|strangle|strangles|torture|tortures|rape|rapes|lynch|lynches|behead|beheads|punch|punches|slap|slaps|choke|chokes|drown|drowns|hang|hangs|maim|maims @target',
    '@blow @target $',
    '@blow @target in|on the|your|ur *',
    'beat|beats|bash|bashes|smack|smacks @target up|senseless',
    '@blow @target to death',
    'shoot|shoots @target dead',
    'break|breaks|snap|snaps|smash|smashes|bash|bashes your|ur|yer|ya @body',
    'break|breaks every bone in your|ur body',
    'put|puts @target in the|a ground|hospital|grave|coffin|wheelchair',
  ],
  /** Verbs of harm that say other things too: "beat you at chess", "shoot you a message". */
  blow: [
    'shoot|shoots|beat|beats|hit|hits|kick|kicks|smack|smacks|burn|burns|bash|bashes|stomp|stomps|whack|whacks',
  ],
  body: [
    'legs|leg|neck|arms|arm|bones|face|jaw|skull|head|knees|kneecaps|teeth|nose|back|spine|fingers|ribs',
  ],
};

type Slot =
  | { kind: 'words'; words: ReadonlySet<string>; optional: boolean }
  | { kind: 'part'; name: string; optional: boolean }
  | { kind: 'any'; optional: boolean }
  | { kind: 'end' };

const compile = (pattern: string): Slot[] =>
  pattern.split(' ').map((written): Slot => {
    if (written === '$') return { kind: 'end' };
    const optional = written.endsWith('?');
    const word = optional ? written.slice(0, -1) : written;
    if (word === '*') return { kind: 'any', optional };
    if (word.startsWith('@')) {
      if (!PARTS[word.slice(1)]) throw new Error(`No part ${word} in the threat grammar`);
      return { kind: 'part', name: word.slice(1), optional };
    }
    return { kind: 'words', words: new Set(word.split('|')), optional };
  });

const compiledParts = new Map(
  Object.entries(PARTS).map(([name, patterns]) => [name, patterns.map(compile)]),
);

/**
 * Whether `slots[i..]` match the words from `at`, then `next` the rest. Backtracks: an
 * optional slot is tried with and without, each of a part's sequences in turn.
 */
const matchFrom = (
  tokens: readonly Token[],
  start: number,
  slots: readonly Slot[],
  i: number,
  at: number,
  next: (at: number) => boolean,
): boolean => {
  if (i === slots.length) return next(at);
  const slot = slots[i]!;
  const continueAt = (end: number) => matchFrom(tokens, start, slots, i + 1, end, next);
  if (slot.kind === 'end') {
    return (at === tokens.length || (at > start && tokens[at]!.clauseStart)) && continueAt(at);
  }
  if (slot.optional && continueAt(at)) return true;
  const word = at < tokens.length && (at === start || !tokens[at]!.sentenceStart);
  switch (slot.kind) {
    case 'any':
      return word && continueAt(at + 1);
    case 'words':
      return word && slot.words.has(tokens[at]!.text) && continueAt(at + 1);
    case 'part':
      return compiledParts
        .get(slot.name)!
        .some((sequence) => matchFrom(tokens, start, sequence, 0, at, continueAt));
  }
};

const matchesAt = (tokens: readonly Token[], at: number, slots: readonly Slot[]) =>
  matchFrom(tokens, at, slots, 0, at, () => true);

/** The words a sequence may start with; null when any word may (`*` first). */
const firstWords = (slots: readonly Slot[], i = 0): Set<string> | null => {
  if (i === slots.length) return new Set();
  const slot = slots[i]!;
  if (slot.kind === 'end') return firstWords(slots, i + 1);
  if (slot.kind === 'any') return null;
  let words: Set<string> | null;
  if (slot.kind === 'words') words = new Set(slot.words);
  else {
    words = new Set();
    for (const sequence of compiledParts.get(slot.name)!) {
      const first = firstWords(sequence);
      if (first === null) return null;
      for (const word of first) words.add(word);
    }
  }
  if (!slot.optional) return words;
  const after = firstWords(slots, i + 1);
  return after === null ? null : new Set([...words, ...after]);
};

/** Where a rule may stand, besides anywhere. */
type Position =
  /** An order: a clause's start, after openers ("just", "go", "you should"), not negated. */
  | 'order'
  /** A clause's start ("May you all burn in hell"). */
  | 'clause'
  /** No negation shortly before it in its clause ("I'd never wish you dead"). */
  | 'unnegated'
  /** Said by the speaker meaning to ("I'll …", "I'm going to …") or wished on someone by
   * someone ("someone should …", "I hope somebody …"), never negated. */
  | 'intended';

type Rule = { pattern: string; slots: readonly Slot[]; position: Position | null };

const rule = (pattern: string, position: Position | null = null): Rule => ({
  pattern,
  slots: compile(pattern),
  position,
});

const RULES: readonly Rule[] = [
  rule('kys'),
  rule('bullet|bullets in|through your|ur|yer head|skull|brain|face'),
  rule('hope|hoping|wish|pray that? @target all? @harm', 'unnegated'),
  rule('may @target all? @harm', 'clause'),
  rule('@target deserve|deserves to @harm', 'unnegated'),
  rule('@target should|must all? just? @severe', 'unnegated'),
  rule('@violence', 'intended'),
  rule('kill|hang|end|off|neck|shoot|drown|unalive yourself|urself|yourselves|yaself', 'order'),
  rule('go die', 'order'),
  rule('die $', 'order'),
  rule('die already|now|slowly|pls|please|plz|alone|painfully', 'order'),
  rule('die|burn|rot in a|the? fire|hole|ditch|gutter|hell', 'order'),
  rule('drop dead', 'order'),
  rule('jump off a|the bridge|cliff|building|roof|ledge|balcony', 'order'),
  rule('jump in front of a|the train|bus|truck|car', 'order'),
  rule('drink|swallow bleach', 'order'),
  rule('eat a bullet', 'order'),
  rule('eat lead', 'order'),
  rule('play in traffic', 'order'),
];

/** Every word the rules name: words the reading of disguised and spelled-out text knows. */
export const THREAT_WORDS: readonly string[] = [
  ...new Set(
    [...Object.values(PARTS).flat(), ...RULES.map((each) => each.pattern)]
      .flatMap((pattern) => pattern.split(/[ |]/u))
      .map((word) => word.replace(/\?$/u, ''))
      .filter((word) => /^\p{L}+$/u.test(word)),
  ),
];

/** The rules that may start at each word, and those that may start anywhere. */
const byFirstWord = new Map<string, Rule[]>();
const startingAnywhere: Rule[] = [];
for (const each of RULES) {
  const words = firstWords(each.slots);
  if (words === null) startingAnywhere.push(each);
  else for (const word of words) byFirstWord.set(word, [...(byFirstWord.get(word) ?? []), each]);
}

const negatedWithin = (tokens: readonly Token[], at: number, words: number) => {
  for (let k = at - 1; k >= 0 && at - k <= words; k--) {
    if (tokens[k + 1]!.clauseStart) return false;
    if (NEGATIONS.has(tokens[k]!.text)) return true;
  }
  return false;
};

/**
 * An order not taken back: "don't kill yourself" and "never jump off a bridge" care, "why
 * don't you …" does not; "to die, to sleep" is no order.
 */
const isUnnegatedOrder = (tokens: readonly Token[], at: number) => {
  if (!isOrder(tokens, at)) return false;
  let first = at;
  while (!tokens[first]!.clauseStart) first--;
  if (first < at && tokens[first]!.text === 'to') return false;
  for (let k = first; k < at; k++) {
    if (NEGATIONS.has(tokens[k]!.text) && tokens[k - 1]?.text !== 'why') return false;
  }
  return true;
};

const SPEAKERS = new Set(['i', 'ill', 'im', 'imma', 'ima', 'we', 'well', 'id', 'wed']);
const INTENT = new Set([
  'will',
  'ill',
  'well',
  'gonna',
  'going',
  'wanna',
  'want',
  'imma',
  'ima',
  'shall',
  'gotta',
]);
/** Words that open a clause of its own: "I will find anyone who hurts you" protects. */
const RELATIVES = new Set(['who', 'whoever', 'that', 'which', 'if', 'when', 'whenever']);

/** The speaker means to: "I'll …", "I'm going to …", "we will find you and …". */
const speakerMeans = (tokens: readonly Token[], at: number) => {
  let intent = false;
  let speaker = false;
  for (let k = at - 1; k >= 0 && at - k <= 10; k--) {
    const word = tokens[k]!.text;
    if (NEGATIONS.has(word)) return false;
    if (RELATIVES.has(word)) break;
    intent ||= INTENT.has(word);
    speaker ||= SPEAKERS.has(word);
    if (tokens[k]!.sentenceStart) break;
  }
  return speaker && intent;
};

const OTHERS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'people']);
const WISHES = new Set(['should', 'needs', 'need', 'ought', 'oughta', 'must', 'gotta']);
/** What may stand between the one wished to do harm and the harm: "someone needs to just …". */
const BETWEEN = new Set([...WISHES, 'to', 'has', 'have', 'just', 'really', 'go', 'come']);
const HOPES = new Set(['hope', 'hoping', 'wish', 'pray']);

/** Someone wished to do it: "someone should …", "I hope somebody …" (right before the harm). */
const wishedOnSomeone = (tokens: readonly Token[], at: number) => {
  let k = at - 1;
  let wished = false;
  while (k >= 0 && BETWEEN.has(tokens[k]!.text) && !tokens[k + 1]!.clauseStart) {
    wished ||= WISHES.has(tokens[k]!.text);
    k--;
  }
  if (k < 0 || !OTHERS.has(tokens[k]!.text)) return false;
  if (wished) return true;
  const before = tokens[k - 1]?.text === 'that' ? k - 2 : k - 1;
  return HOPES.has(tokens[before]?.text ?? '');
};

/** Someone means the harm at `at`: the speaker, or someone the speaker wishes would. */
const isIntended = (tokens: readonly Token[], at: number) =>
  speakerMeans(tokens, at) || wishedOnSomeone(tokens, at);

const standsWhere = (tokens: readonly Token[], at: number, position: Position | null) => {
  switch (position) {
    case null:
      return true;
    case 'order':
      return isUnnegatedOrder(tokens, at);
    case 'clause':
      return tokens[at]!.clauseStart;
    case 'unnegated':
      return !negatedWithin(tokens, at, 4);
    case 'intended':
      return isIntended(tokens, at);
  }
};

/** Whether a threat starts at the word `at`. */
export const isThreatAt = (tokens: readonly Token[], at: number): boolean => {
  const candidates = [...(byFirstWord.get(tokens[at]!.text) ?? []), ...startingAnywhere];
  return candidates.some(
    (each) => matchesAt(tokens, at, each.slots) && standsWhere(tokens, at, each.position),
  );
};
