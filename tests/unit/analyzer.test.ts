import { describe, expect, it } from 'vitest';
import { analyzeResponse, ANALYZER_VERSION, screenText } from '../../domain/analysis/analyzer';
import { judgeCivility } from '../../domain/analysis/civility';
import { fingerprintOf } from '../../domain/analysis/fingerprint';
import { scoreRelevance } from '../../domain/analysis/relevance';
import { scoreSincerity } from '../../domain/analysis/sincerity';

const promise = {
  content: 'Is it ever right to break a promise to protect someone?',
  category: 'Ethics & Morality',
};

describe('relevance', () => {
  it.each([
    [
      'argues with the question’s own words',
      'Yes, because keeping a promise matters less than preventing real harm to a person who trusts you.',
      0.7,
      1,
    ],
    ['speaks to the question in a few words', 'I feel bad when I break a promise.', 0.6, 1],
    ['chats about something else', 'I love pizza and football.', 0, 0.2],
    ['says nothing', 'No.', 0, 0.2],
  ])('%s', (_, text, min, max) => {
    const relevance = scoreRelevance(text, promise.content, promise.category);
    expect(relevance).toBeGreaterThanOrEqual(min);
    expect(relevance).toBeLessThanOrEqual(max);
  });

  it('counts the category’s vocabulary when the question’s words are not used', () => {
    const text = 'Honesty and integrity are a duty, even when it hurts.';
    expect(scoreRelevance(text, promise.content, promise.category)).toBeGreaterThan(
      scoreRelevance(text, promise.content, 'Economy & Work'),
    );
  });
});

describe('civility', () => {
  it.each([
    ['a plain answer', 'Honesty matters more than comfort.'],
    ['feelings about oneself', 'I feel stupid sometimes when I break a promise.'],
    ['a serious word a serious answer may need', 'Rape is never justified and consent matters.'],
    ['a place name with a word inside it', 'My grandfather lived in Scunthorpe all his life.'],
    ['“closer” is no “loser”', 'We are closer to an answer than we think.'],
    ['mild profanity aimed at nobody', 'This whole situation is sh1t, honestly.'],
  ])('lets %s through', (_, text) => {
    expect(judgeCivility(text)).toMatchObject({ abusive: false, reason: null });
  });

  it.each([
    ['an insult aimed at the reader', 'You are such an idiot.', 'personal attack'],
    ['an obfuscated insult', 'You f*cking 1d1ot', 'personal attack'],
    ['stretched letters', 'fuuuuck you', 'personal attack'],
    ['a threat', 'Honestly, go die.', 'threat'],
    ['a threat in short', 'kys', 'threat'],
    ['a slur', 'what a retard', 'slur'],
  ])('refuses %s', (_, text, reason) => {
    expect(judgeCivility(text)).toMatchObject({ abusive: true, reason });
  });

  // The rules' own cases (the held-apart table in analyzer-held-out.test.ts is not these).
  it.each([
    [
      'an insult aimed at everyone at once',
      'you are all fucking idiots and worthless pieces of shit',
    ],
    ['a word spelled out, and leetspeak', 'f u c k you all, id10ts'],
    ['spelled out with dots', 'f.u.c.k y.o.u'],
    ['a whole sentence spelled out', 'y o u  a r e  s t u p i d'],
    ['a group named after', 'Morons, the lot of you.'],
    ['you guys', 'you guys are idiots'],
    ['everyone in the room', 'everyone in this chat is a loser'],
    ['people like you', 'people like you are scum'],
    ['stretched letters', 'you are an idiooooot'],
    ['stars for letters', 'you are a b*tch'],
    ['leetspeak', 'u r a l00ser'],
    ['an insult that is an ordinary word, aimed', 'you are trash'],
    ['a relative clause naming the reader', 'Anybody who votes for this is a moron.'],
    ['an order to die', 'just go die'],
    ['a threat with intent', "I'm going to hurt you all"],
    ['hoping for a group’s death', 'hope you guys die'],
    ['an attack phrase', 'Screw you.'],
    ['an order to be quiet, aimed', 'Shut up.'],
    ['a negation in the clause before the one aimed', 'No one asked, you smug idiot.'],
    ['an order to go away, with a group', 'fck off, everyone here'],
    ['an order about oneself', 'go fuck yourself'],
    ['a spelled-out word in the middle', "you're a f-ing moron"],
    ['a plain verdict', 'you guys suck'],
    ['a longer order to be quiet', 'shut the hell up'],
    ['a death wished on every one', 'I hope every single one of you dies'],
    ['"your" for "you\'re"', 'your so stupid'],
    ['leetspeak in an order', 'go k1ll urself'],
  ])('refuses %s', (_, text) => {
    expect(judgeCivility(text).abusive).toBe(true);
  });

  it.each([
    ['a word inside a place name', 'Scunthorpe'],
    ['a word inside another', 'assess'],
    ['killing time', 'kill time'],
    ['mild profanity in praise', 'damn good point'],
    ['a word spelled out that only contains one', 'c l a s s'],
    ['an insult about oneself', 'I was an idiot to trust him.'],
    ['an insult denied', 'you are not an idiot, you are tired'],
    ['an insult one would never say', 'I would never call you stupid.'],
    ['an ordinary word used as one', 'Take out the trash before dinner.'],
    ['a question about death', 'Is it ever right to kill yourself for another?'],
    ['a question about hell', 'Do liars go to hell?'],
    ['someone told to be quiet', 'They told me to shut up at work.'],
    ['a past harm regretted', 'I hurt you, and I am sorry.'],
    ['a harm refused', 'I would never hurt you.'],
    ['everyone, humbly', 'We are all fools sometimes.'],
    ['a stupid idea, not a stupid person', 'Your plan sounds stupid to me.'],
    ['being angry', "If I were you, I'd be pissed off too."],
    ['profanity in praise', "You're fucking brilliant."],
    ['an idiom with hell', 'Go to hell and back for your friends? Yes.'],
    ['a game won', 'We will beat you at trivia tonight!'],
    ['a message sent', 'I will shoot you a message.'],
    ['swearing at nobody', 'Holy shit, you are right!'],
    ['what one is bad at', 'Do you ever feel like you suck at this?'],
    ['a verdict on a thing', 'This sucks.'],
    ['a question of ethics', 'Would I kill you to save five strangers?'],
  ])('lets %s through', (_, text) => {
    expect(judgeCivility(text).abusive).toBe(false);
  });

  // The third version's own cases: wishes of death and harm, and disguises of characters.
  it.each([
    ['a death wish as an order', 'just die already lol'],
    ['a wish of harm by a vehicle', 'I hope u get hit by a truck'],
    ['a blow wished by someone', 'Somebody needs to punch you in the face.'],
    ['the speaker’s harm', "I'll put you in the hospital."],
    ['a wish on the reader’s family', 'may your kids suffer.'],
    ['an order to poison oneself', 'go drink bleach'],
    ['a death wish on the family, shortened', 'hope ur family dies'],
    ['a wish of hell', 'You deserve to rot in hell.'],
    ['a broken bone promised', "I'm going to break your jaw."],
    ['an order to die under a train', 'jump in front of a train'],
    ['a death wish in leetspeak', 'd1e 1n 4 f1r3'],
    ['burning wished on a group', 'I hope you all burn alive'],
    ['an order spelled out with dots', 'k.i.l.l y.o.u.r.s.e.l.f'],
    [
      'an insult in full-width letters',
      '\uff59\uff4f\uff55 \uff41\uff52\uff45 \uff54\uff52\uff41\uff53\uff48',
    ],
    [
      'an insult in Cyrillic look-alikes',
      '\u0443\u043eu \u0430r\u0435 \u0430 l\u043e\u0455\u0435r',
    ],
    ['zero-width joiners inside an insult', 'you are an i\u200dd\u200di\u200do\u200dt'],
    ['an overlay mark on every letter', 'you are a m\u0336o\u0336r\u0336o\u0336n\u0336'],
    ['a digit for the word a', 'u r 4 m0r0n'],
  ])('refuses %s as v3 reads it', (_, text) => {
    expect(judgeCivility(text).abusive).toBe(true);
  });

  it.each([
    ['care for someone', "Don't kill yourself over a deadline."],
    ['Hamlet', 'To die, to sleep: Hamlet asks whether to go on.'],
    ['a promise to protect', 'I will find anyone who hurts you and report them.'],
    ['a game', 'I hope you get beaten at chess tomorrow.'],
    ['an election', 'We got crushed in the election.'],
    ['a kind hope', 'I hope nobody hurts you again.'],
    ['writing advice', 'Kill your darlings, as editors say.'],
    ['a proverb', 'Old habits die hard.'],
    ['a title', 'Live and let die.'],
    ['a question about death', 'Why do people die young?'],
    [
      'a sentence in Russian',
      '\u041c\u043e\u0441\u043a\u0432\u0430 \u2014 \u0441\u0442\u043e\u043b\u0438\u0446\u0430.',
    ],
    ['help offered', 'Someone should help you with that.'],
    ['a warning', 'They will hurt you if you trust them.'],
    ['a photo', 'Shoot me a photo of the sunset.'],
    ['good luck', 'I hope you break a leg tonight.'],
    ['a museum', 'The bullet in the museum case fascinated me.'],
    ['a wish of plenty', 'I hope you drown in good fortune.'],
  ])('lets %s through as v3 reads it', (_, text) => {
    expect(judgeCivility(text).abusive).toBe(false);
  });

  it('costs a little for each profanity, and nothing for none', () => {
    expect(judgeCivility('A promise is a promise.').civility).toBe(1);
    const once = judgeCivility('That is shit.').civility;
    const twice = judgeCivility('That is shit, total shit, and more crap.').civility;
    expect(once).toBeLessThan(1);
    expect(twice).toBeLessThan(once);
  });

  it('lets every text the seed writes through', async () => {
    const { answerText, replyText } = await import('../../api/seed/texts');
    const { seededRandom } = await import('../../api/seed/random');
    const random = seededRandom(16);
    for (let i = 0; i < 300; i++) {
      expect(screenText(answerText(random)).abusive).toBe(false);
      expect(screenText(replyText(random)).abusive).toBe(false);
    }
  });
});

describe('sincerity', () => {
  it.each([
    ['a sincere short answer', 'Honesty matters more than comfort.', 0.85, 1],
    ['a considered answer', 'I think fairness matters more here than efficiency, always.', 1, 1],
    ['one word', 'No.', 0, 0.4],
    ['the same word over and over', 'the the the the the the the the the the', 0, 0.3],
    ['shouting', 'I THINK YOU SHOULD ALWAYS KEEP YOUR PROMISE NO MATTER WHAT', 0.5, 0.7],
    ['stretched letters and marks', 'Sooooo true, I agree with this!!!!', 0.8, 0.9],
  ])('%s', (_, text, min, max) => {
    const sincerity = scoreSincerity(text, false);
    expect(sincerity).toBeGreaterThanOrEqual(min);
    expect(sincerity).toBeLessThanOrEqual(max);
  });

  it('marks down a copy of another answer', () => {
    const text = 'Honesty matters more than comfort.';
    expect(scoreSincerity(text, true)).toBeLessThan(0.3);
  });
});

describe('the analyzer', () => {
  const input = {
    text: 'Yes, because keeping a promise matters less than preventing real harm.',
    question: promise,
    isCopy: false,
  };

  it('scores 0–1 with three decimals', () => {
    for (const value of Object.values(analyzeResponse(input))) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
      expect(Math.round(value * 1000) / 1000).toBe(value);
    }
  });

  it('is deterministic: the same input gives the same scores, call after call', () => {
    const first = analyzeResponse(input);
    for (let i = 0; i < 20; i++) expect(analyzeResponse({ ...input })).toEqual(first);
  });

  it(`gives exactly these scores under version ${ANALYZER_VERSION} (a change is a new version)`, () => {
    expect(ANALYZER_VERSION).toBe('local-3');
    expect(analyzeResponse(input)).toEqual({ relevance: 0.75, civility: 1, sincerity: 1 });
    expect(analyzeResponse({ ...input, text: 'You are such an idiot.' })).toEqual({
      relevance: 0.1,
      civility: 0.3,
      sincerity: 0.85,
    });
  });
});

describe('fingerprint', () => {
  it('ignores case, punctuation and spacing, and tells different words apart', () => {
    expect(fingerprintOf('Honesty matters more than comfort.')).toBe(
      fingerprintOf('  honesty MATTERS more than, comfort'),
    );
    expect(fingerprintOf('Honesty matters more than comfort.')).not.toBe(
      fingerprintOf('Comfort matters more than honesty.'),
    );
    expect(fingerprintOf('abc')).toMatch(/^[0-9a-f]{16}$/);
  });
});
