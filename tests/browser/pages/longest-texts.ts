import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SUGGESTION_MAX_WORDS } from '../../../domain/contributions/question-text';
import { PSEUDONYM_WORDS } from '../../../domain/identity/pseudonym-words';

/**
 * The longest texts the product accepts, each carrying a word too long for any line on a
 * phone: what the screen tour fills its screens with, so that none of them may scroll sideways
 * because of what people write. The limits are the spec's (and the server's).
 */
const UNBROKEN = 'Antidisestablishmentarianism-and-its-discontents-considered-at-length';

const words = (count: number, first = 'Fairness') =>
  [first, UNBROKEN, ...Array.from({ length: count - 2 }, (_, i) => `word${i % 10}`)].join(' ');

const longest = (list: readonly string[]) =>
  [...list].sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!;

export const LONGEST = {
  /** An answer: 750 words, in paragraphs. */
  answer: `${words(300)}\n\n${words(300, 'Second')}\n\n${words(150, 'Third')}`,
  /** A reply: 300 words. */
  reply: words(300, 'Replying'),
  /** A bio: 280 characters, one unbroken run among them. */
  bio: `${UNBROKEN} ${'thoughtful '.repeat(30)}`.slice(0, 280),
  /** A journal entry's title (200), tags (40 each) and text. */
  journal: {
    title: `${UNBROKEN}${' reflection'.repeat(20)}`.slice(0, 200),
    tags: [UNBROKEN.slice(0, 40), 'x'.repeat(40), 'patience-and-kindness-in-hard-moments-xx'],
    content: `${UNBROKEN} ${'I wrote this down so I would remember it. '.repeat(20)}`,
  },
  /** A brainstorm suggestion: the longest (100 words), ending as the board asks. */
  suggestion: `${words(SUGGESTION_MAX_WORDS - 4, 'Should')} Why or why not?`,
  /** A live chat message: 500 characters. */
  chat: `${UNBROKEN} ${'a considered message '.repeat(30)}`.slice(0, 500),
  /** What a reporter adds beside the reason: 500 characters. */
  reportNote: `${UNBROKEN} ${'worth a second look '.repeat(30)}`.slice(0, 500),
} as const;

/** The longest pseudonym the word lists make, with a four-digit number to keep it unique. */
export const longestPseudonym = (number: number) =>
  `${longest(PSEUDONYM_WORDS.adjectives)} ${longest(PSEUDONYM_WORDS.nouns)} ${number}`;

/**
 * Registers the browser's own device under the longest pseudonym through the API (setup offers
 * random names; the tour wants the longest), as the setup page would have: the device id the
 * page keeps, the registration noted in its storage.
 */
export const registerWithLongestName = async (page: Page, request: APIRequestContext) => {
  const deviceId = await page.evaluate(() => {
    const key = 'boon-device-id';
    const id = localStorage.getItem(key) ?? `tour-${crypto.randomUUID()}`;
    localStorage.setItem(key, id);
    return id;
  });
  for (let attempt = 0; attempt < 10; attempt++) {
    const pseudonym = longestPseudonym(1000 + Math.floor(Math.random() * 9000));
    const setup = await request.post('/api/user/setup', {
      headers: { 'X-Device-ID': deviceId },
      data: { pseudonym, privacyConsent: true, termsConsent: true, onboarded: true },
    });
    if (setup.status() !== 201) continue;
    await page.evaluate((name) => {
      localStorage.setItem('boon-device-registered', 'true');
      localStorage.setItem('boon-device-pseudonym', name);
    }, pseudonym);
    return { deviceId, pseudonym };
  }
  throw new Error('no free long pseudonym after 10 tries');
};

/** The tour visitor's own long texts, written through the API as their device. */
export const writeLongestTexts = async (request: APIRequestContext, deviceId: string) => {
  const headers = { 'X-Device-ID': deviceId };
  const expectCreated = async (sent: Promise<{ status: () => number }>) =>
    expect([200, 201]).toContain((await sent).status());
  await expectCreated(request.put('/api/user/bio', { headers, data: { bio: LONGEST.bio } }));
  await expectCreated(
    request.post('/api/journal', {
      headers,
      data: {
        title: LONGEST.journal.title,
        content: LONGEST.journal.content,
        mood: 'contemplative',
        tags: LONGEST.journal.tags,
        entryType: 'daily_reflection',
        isPrivate: true,
      },
    }),
  );
  await expectCreated(
    request.post('/api/brainstorm', { headers, data: { content: LONGEST.suggestion } }),
  );
};
