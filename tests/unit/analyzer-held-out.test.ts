import { describe, expect, it } from 'vitest';
import { screenText } from '../../domain/analysis/analyzer';

/*
 * Held apart: written before the analyzer's second version and never tuned on. The rules were
 * built on other phrases (analyzer.test.ts); a phrase here that the analyzer gets wrong is a
 * finding to report, not a phrase to add a rule for. New cases go to analyzer.test.ts.
 */

/** Attacks on a person or a group of people, spelled every which way: each must be refused. */
const ABUSIVE = [
  'All of you are complete morons.',
  'You guys are a bunch of clowns and losers.',
  'Everybody in this thread is an imbecile.',
  'People like you are pathetic.',
  "y'all are braindead sheep",
  "you're all a pack of id1ots",
  'Shut up, you absolute m0r0n.',
  'u r such a l o s e r',
  'You are a stuuuupid cow',
  'Everyone here is a fuckin joke',
  'Go to hell, all of you.',
  'I hope you all die.',
  'k i l l y o u r s e l f',
  "you're a worthless piece of sh1t",
  'Anyone who agrees with this is a total idiot.',
  'Whoever wrote this is a dumbass.',
  'Shut the f*** up, you lot are morons',
  'What a bunch of r3tards you all are',
  'you people are disgusting pigs',
  'Listen here, you ignorant fool',
  'Everyone here is a moron and a hypocrite.',
  'STFU you clown',
  'Screw you all.',
  'youre all idiotss',
  'You sad little loser.',
  'ur a d1ckhead m8',
  'The rest of you are just sheep.',
  'You lot are absolutely pathetic.',
  'Fuck off, everyone here.',
  'you are an a$$hole',
  'You bunch of halfwits.',
  'y o u a r e a n i d i o t',
  'Die in a fire, you pathetic troll.',
  "You're a joke and a c*nt.",
  'All you idiots should be banned.',
  'Nobody cares, you pathetic clown.',
];

/** Ordinary words and thoughts, some close to a bad word: none may be refused. */
const INNOCENT = [
  'I visited Scunthorpe and Penistone last summer.',
  'We need to assess the class of risks before we pass judgment.',
  'On a long train ride I read to kill time.',
  "That's a damn good point, and I hadn't considered it.",
  'The cocktail party in Sussex was a success.',
  'My therapist says honesty is a skill.',
  'Analysis of the grassroots campaign shows mixed results.',
  'Dickens wrote about the poor with great compassion.',
  'I felt like an idiot when I forgot her birthday.',
  'You are not stupid for asking this question.',
  'Calling people idiots never changes their minds.',
  'Everyone makes dumb mistakes sometimes, me included.',
  "If you think I'm a fool, tell me why.",
  "I'm not a fan of the new rules, but they are not stupid.",
  'Killing time on my phone is my worst habit.',
  'The shitake mushrooms were delicious.',
  'Hancock and Cockburn are common surnames.',
  "Please pass the dumbbells; I'm spotting you.",
  'A bunch of people at work think honesty is naive.',
  'You all make fair points about loyalty.',
  'Everyone here seems kind and thoughtful.',
  'Is it stupid to keep a promise that hurts you?',
  'People who lie to protect others are not necessarily bad.',
  'Anyone who has felt lonely knows this.',
  'My dumb phone died, so I wrote in my journal instead.',
  'I laughed so hard, it was a killer joke.',
  'Ass-kissing at work is a moral question too.',
  "The word 'idiot' comes from Greek and meant a private person.",
  "You can't call a child stupid and expect them to grow.",
  'Everyone in this thread has been respectful.',
  'Why do you think being called a loser hurts so much?',
  'You should never tell someone they are worthless.',
  'I used to think people like me were idiots for trusting.',
  'Assessing harm is harder than it looks.',
  'The documentary about Essex and Middlesex was great.',
  'Whoever finds the wallet should return it.',
  "You're a genius at kindness, honestly.",
  'We are all fools in love, as the saying goes.',
  "Don't call yourself worthless; you matter.",
  'Hell of a question, honestly.',
  "I'd never say you are an idiot for disagreeing.",
];

/*
 * The third version's table: written before the analyzer's third version (threats as wishes
 * of death and harm, text normalised before it is read), committed and run against the second
 * version first, and never tuned on. Look-alike and invisible characters are written as escapes
 * so the source shows them.
 */

/** Threats, harm wishes, and insults in disguise: each must be refused. */
const ABUSIVE_V3 = [
  'Die already, nobody wants you here.',
  'I hope you all get hurt.',
  'I hope someone puts a bullet in your head.',
  'Someone should break your legs.',
  'You are an id\u200biot and everyone knows it',
  'You are an \u0456diot.',
  'Y\u043eu \u0430re \u0430 m\u043er\u043en.',
  '\uff59\uff4f\uff55 \uff41\uff52\uff45 \uff41\uff4e \uff49\uff44\uff49\uff4f\uff54',
  'you are an i\u0301d\u0301i\u0301o\u0301t',
  'you are a m.o.r.o.n',
  'you are all l-o-s-e-r-s',
  'Y0u 4r3 4 p4th3t1c l00s3r',
  'youuuu are sooo stuuupiiiid',
  'I hope you choke on it.',
  'You deserve to get beaten.',
  'Go jump off a bridge.',
  'Somebody should shoot you.',
  'May you all burn in hell.',
  'Drink bleach, loser.',
  'I hope your whole family dies.',
  'You should be hanged for this opinion.',
  'i\u200bd\u200bi\u200bo\u200bt\u200bs, all of you',
  'everyone here is a \uff4d\uff4f\uff52\uff4f\uff4e',
  '\u0423ou are a cl\u043ewn.',
  'I wish you were dead.',
  'You are a w0rthl3ss p1ece of tr4sh',
  'Nobody would miss you if you died, so do it.',
  'You r 3 t 4 r d',
  "You're a disgrace, go hang yourself.",
  'I hope you get cancer and suffer.',
  'you are a s\u00adt\u00adu\u00adp\u00adi\u00add cow',
  'I hope you people rot.',
];

/** Ordinary words and thoughts, many close to a threat or a disguise: none may be refused. */
const INNOCENT_V3 = [
  'The assassin in the novel turns out to be the narrator.',
  'I like to shoot a photo of the sunrise each morning.',
  'Hell is other people, as Sartre wrote.',
  'I was stupid to trust him with my savings.',
  'We went to a cocktail bar in Scunthorpe.',
  'Reading on the bus helps me kill time.',
  'The doctor said the treatment would kill the infection.',
  'I would die for my children without a second thought.',
  'My grandmother died last year and I still miss her.',
  'This heat is killing me.',
  'I hope you all get the rest you need.',
  'You deserve to be happy.',
  'Break a leg at your performance tonight!',
  'I hope nobody gets hurt by this decision.',
  'He shot the photo from the bridge.',
  'Is capital punishment ever a just punishment for murder?',
  'Soldiers are trained to kill; is that ethical?',
  'I felt dead inside after the layoffs.',
  'Die Hard is my favourite Christmas film.',
  'My caf\u00e9 serves cre\u0300me bru\u0302le\u0301e and pi\u00f1a colada.',
  '\uff37\uff45 \uff53\uff48\uff4f\uff55\uff4c\uff44 \uff42\uff45 \uff4b\uff49\uff4e\uff44.',
  '\u0421\u043f\u0430\u0441\u0438\u0431\u043e, this answer made me think.',
  'I got hurt when my friend lied, but I forgave him.',
  'Bullet points make an answer easier to read.',
  'You will break your own heart if you keep lying.',
  'Character assassination online is a real harm.',
  'If you hurt someone, apologise.',
  'Shoot me a message if you want to talk.',
  'The U.S.A. and the U.K. voted differently.',
  'My score was 1337, which made me laugh.',
  'Just let the old argument die already.',
  'I hope this bill gets killed in the Senate.',
  'A s\u00adt\u00adr\u00ado\u00adn\u00adg community forgives.',
  'We watched Kill Bill and argued about revenge.',
  'The cocktail of pressures at work made me cut corners.',
  'My cat would murder a bowl of tuna.',
];

describe('the analyzer on phrases held apart from its tuning', () => {
  it('refuses no innocent phrase, and nearly every attack; precision and recall printed', () => {
    const refused = (text: string) => screenText(text).abusive;
    const caught = ABUSIVE.filter(refused);
    const missed = ABUSIVE.filter((text) => !refused(text));
    const wronglyRefused = INNOCENT.filter(refused);
    const precision = caught.length / (caught.length + wronglyRefused.length);
    const recall = caught.length / ABUSIVE.length;
    console.log(
      [
        `analyzer on ${ABUSIVE.length + INNOCENT.length} held-apart phrases ` +
          `(${ABUSIVE.length} abusive, ${INNOCENT.length} innocent):`,
        `  precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
        ...missed.map((text) => `  missed: ${text}`),
        ...wronglyRefused.map((text) => `  wrongly refused: ${text}`),
      ].join('\n'),
    );
    expect(ABUSIVE.length + INNOCENT.length).toBeGreaterThanOrEqual(60);
    expect(wronglyRefused).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the analyzer on the third version’s held-apart phrases', () => {
  it('refuses no innocent phrase, and nearly every attack; precision and recall printed', () => {
    const refused = (text: string) => screenText(text).abusive;
    const caught = ABUSIVE_V3.filter(refused);
    const missed = ABUSIVE_V3.filter((text) => !refused(text));
    const wronglyRefused = INNOCENT_V3.filter(refused);
    const precision = caught.length / Math.max(1, caught.length + wronglyRefused.length);
    const recall = caught.length / ABUSIVE_V3.length;
    console.log(
      [
        `analyzer on ${ABUSIVE_V3.length + INNOCENT_V3.length} third-version held-apart phrases ` +
          `(${ABUSIVE_V3.length} abusive, ${INNOCENT_V3.length} innocent):`,
        `  precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
        ...missed.map((text) => `  missed: ${JSON.stringify(text)}`),
        ...wronglyRefused.map((text) => `  wrongly refused: ${JSON.stringify(text)}`),
      ].join('\n'),
    );
    expect(ABUSIVE_V3.length + INNOCENT_V3.length).toBeGreaterThanOrEqual(40);
    expect(wronglyRefused).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});
