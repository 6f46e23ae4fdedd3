import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

const PHONE = { width: 390, height: 844 };
const LONG_WORD = 'W'.repeat(5000);

const documentWidth = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

/** A short answer from someone else: with the long one it makes a shared-perspectives pair. */
const answerBriefly = async (request: APIRequestContext) => {
  const headers = { 'X-Device-ID': randomBytes(16).toString('base64url') };
  const offered = await (await request.post('/api/user/generate-pseudonyms', { headers })).json();
  const setup = await request.post('/api/user/setup', {
    headers,
    data: { pseudonym: offered.pseudonyms[0], privacyConsent: true, termsConsent: true },
  });
  expect(setup.status()).toBe(201);
  const question = await (await request.get('/api/question/today')).json();
  const answered = await request.post('/api/responses', {
    headers,
    data: { content: 'Short and plain.', questionId: question.id },
  });
  expect(answered.status()).toBe(201);
};

test('a 5,000-character word wraps: the phone page stays 390 px wide', async ({
  browser,
  request,
}) => {
  await answerBriefly(request);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer(`${LONG_WORD} is one word, and then a few more.`);

  const card = new ResponsesPage(page).response(name);
  await expect(card).toContainText('WWWW');
  await card.getByRole('button', { name: /repl/ }).click();
  await card.getByLabel('Write a reply').fill(`Replying with ${LONG_WORD} too`);
  await card.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(card.getByRole('list', { name: 'Replies' })).toContainText('Replying with');
  const pair = page.getByRole('region', { name: 'Shared Perspectives' });
  await expect(pair.getByRole('heading', { name: 'Perspective B' })).toBeVisible();
  expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);

  await card.getByRole('button', { name: 'Read more' }).click();
  const reader = page.getByRole('dialog');
  await expect(reader).toContainText('is one word');
  expect(await reader.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'tests/artifacts/screenshots/long-word-phone.png' });
  await context.close();
});
