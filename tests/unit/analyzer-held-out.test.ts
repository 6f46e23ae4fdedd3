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
