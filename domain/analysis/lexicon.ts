/**
 * Boon's words for what a civil discussion of ethics does without, sorted by what they do:
 * a slur or a threat is refused outright; an insult or profanity aimed at a person (or a group
 * of people) is a personal attack; profanity aimed at nobody costs a little; some insults are
 * ordinary words unless aimed at someone ("trash", "sheep"); words a serious answer may need
 * (rape, sex, incest) cost nothing. Entries are written plainly: the matcher reads them
 * however they are disguised (leetspeak, stretched letters, spaced out). A noun may take a
 * plural `s` or `es`.
 */

export type Kind = 'slur' | 'insult' | 'aimed-only' | 'profanity' | 'topic';

/**
 * An entry of one word; `noun` marks insults that name a person (an idiot, a moron);
 * `clauseEnd` those that insult only where a clause ends ("you suck.", not "you suck at chess").
 */
export type Entry = { word: string; kind: Kind; noun: boolean; clauseEnd?: boolean };

const words = (
  kind: Kind,
  list: string,
  noun = false,
  options: { clauseEnd?: boolean } = {},
): Entry[] =>
  list
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ word, kind, noun, ...options }));

export const ENTRIES: readonly Entry[] = [
  ...words(
    'slur',
    `abeed africoon arabush boonga chingchong chink kike nigger nigga fag faggot dyke tranny
     retard retarded spastic spaz wetback spic gook raghead towelhead`,
  ),
  ...words(
    'insult',
    `idiot moron imbecile cretin dumbass loser scumbag scum halfwit dimwit nitwit fool jerk
     asshole arsehole bitch bastard cunt twat prick dickhead douche douchebag shithead asshat
     jackass dipshit numbskull knucklehead buffoon dunce simpleton ignoramus subhuman degenerate
     lowlife sleazebag whore slut cuck wanker tosser`,
    true,
  ),
  ...words(
    'insult',
    `stupid stupidest stoopid idiotic moronic dumb dumbest pathetic worthless brainless braindead`,
  ),
  ...words(
    'aimed-only',
    `clown sheep sheeple pig cow troll joke trash garbage rat snake vermin parasite donkey tool
     muppet plonker hypocrite creep disgrace`,
    true,
  ),
  ...words('aimed-only', 'suck sucks', false, { clauseEnd: true }),
  ...words(
    'profanity',
    `fuck fucking fuckin fucked fucker motherfucker fck fcking fckin fk fking fkin fkn fuk fukin
     fuking fukn phuck effing shit shitty shite sht shyt bullshit horseshit crap piss pissed
     bollocks arse wank turd jizz stfu gtfo wtf ass`,
  ),
  ...words(
    'topic',
    `anal anus bestiality boob ejaculate hooker incest masturbate negro orgasm orgy penis porn
     rape scat semen sex tit vagina`,
  ),
];

/** A phrase of several words (`*`: any one word), and whether it names a person. */
export type PhraseEntry = { words: readonly string[]; kind: Kind; noun: boolean };

export const PHRASES: readonly PhraseEntry[] = [
  { words: ['piece', 'of', 'shit'], kind: 'insult', noun: true },
  { words: ['pieces', 'of', 'shit'], kind: 'insult', noun: true },
  { words: ['waste', 'of', 'space'], kind: 'insult', noun: true },
  { words: ['waste', 'of', 'oxygen'], kind: 'insult', noun: true },
  { words: ['brain', 'dead'], kind: 'insult', noun: false },
];

/** Insults obscenity's own dataset knows, by the word it reports. */
export const DATASET_KINDS: Readonly<Record<string, Kind>> = Object.fromEntries(
  ENTRIES.map((entry) => [entry.word, entry.kind]),
);

/**
 * Who an attack can be aimed at: the reader, or a group of those taking part. Several words
 * end where they are found; `*` stands for any one word ("everyone in this thread").
 */
export const TARGETS: readonly (readonly string[])[] = [
  ['you'],
  ['u'],
  ['ya'],
  ['yall'],
  ['youse'],
  ['ye'],
  ['ur'],
  ['youre'],
  ['yourselves'],
  ['you', 'guys'],
  ['you', 'people'],
  ['you', 'lot'],
  ['you', 'folks'],
  ['you', 'two'],
  ['everyone', 'here'],
  ['everybody', 'here'],
  ['people', 'here'],
  ['folks', 'here'],
  ['guys', 'here'],
  ['everyone', 'in', 'this', '*'],
  ['everybody', 'in', 'this', '*'],
  ['everyone', 'on', 'this', '*'],
  ['this', 'community'],
  ['this', 'whole', 'community'],
  ['this', 'thread'],
  ['everyone', 'on', 'here'],
  ['everybody', 'on', 'here'],
  // "your" for "you're", as it is often written: "your an idiot", "your so stupid".
  ['your', 'a'],
  ['your', 'an'],
  ['your', 'so'],
  ['your', 'such'],
  ['your', 'kind'],
  ['your', 'lot'],
  ['your', 'type'],
];

/** A group aimed at after the attack: "idiots, all of you", "fuck off, everyone here". */
export const TARGETS_AFTER: readonly (readonly string[])[] = [
  ['you'],
  ['u'],
  ['ya'],
  ['yall'],
  ['off'],
  ['yourself'],
  ['urself'],
  ['yourselves'],
  ['all', 'of', 'you'],
  ['each', 'of', 'you'],
  ['every', 'one', 'of', 'you'],
  ['the', 'lot', 'of', 'you'],
  ['the', 'rest', 'of', 'you'],
  ['everyone', 'here'],
  ['everybody', 'here'],
];

/** Who a relative clause makes the subject of an insult: "anyone who agrees is an idiot". */
export const RELATIVE_SUBJECTS: readonly (readonly string[])[] = [
  ['anyone', 'who'],
  ['anybody', 'who'],
  ['anyone', 'that'],
  ['everyone', 'who'],
  ['everybody', 'who'],
  ['people', 'who'],
  ['those', 'who'],
  ['whoever'],
];

/** Words that may stand between whom an insult is aimed at and the insult itself. */
export const LINKERS: ReadonlySet<string> = new Set(
  `are re r is am was were be being been a an the such so really real total totally complete
   completely absolute absolutely utter utterly just only truly biggest big little all both bunch
   buncha pack lot load of full nothing but more most even still always literally quite very
   pretty rather too same kind sort and like ignorant arrogant sad silly miserable dirty filthy
   lazy useless clueless pompous entitled spineless gutless smug ugly fat old stinking stinkin
   bloody freaking freakin frickin damn goddamn disgusting sorry whiny lying brainwashed deluded
   delusional uneducated sick twisted cowardly rest can could should must f ing`
    .split(/\s+/)
    .filter(Boolean),
);

/** The copulas: "X is/are <insult>" makes X the one insulted. */
export const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'am', 're', 'r', 'was', 'were']);

/** A negation shortly before whom an insult names takes the aim away: "I'd never call you an idiot". */
export const NEGATIONS: ReadonlySet<string> = new Set(
  `not never no dont didnt doesnt wouldnt wont cant couldnt shouldnt isnt arent wasnt werent
   nobody noone hardly`
    .split(/\s+/)
    .filter(Boolean),
);
