import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { ProfilePage } from './pages/profile-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

const ANNS_ANSWER = 'Keeping a promise matters most when nobody would ever find out.';
const BOBS_ANSWER = 'A promise can bend when keeping it would hurt someone innocent.';

test('my data is downloaded, then deleted: a fresh device, and my answer gone for others', async ({
  browser,
}) => {
  // Two people register and answer through the screens before the journey proper begins.
  test.setTimeout(120_000);
  const annContext = await browser.newContext({ acceptDownloads: true });
  const ann = await annContext.newPage();
  const annName = await new SetupPage(ann).registerAsNewVisitor();
  await new HomePage(ann).answer(ANNS_ANSWER);
  const responsesPath = new URL(ann.url()).pathname;

  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await new SetupPage(bob).registerAsNewVisitor();
  await new HomePage(bob).answer(BOBS_ANSWER);
  const bobsView = new ResponsesPage(bob);
  await expect(bobsView.response(annName)).toContainText(ANNS_ANSWER);

  const profile = new ProfilePage(ann);
  await profile.open();
  await expect(ann.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const exported = await profile.download('Download my data');
  expect(exported.name).toMatch(/^boon-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(exported.text);
  expect(data.profile.pseudonym).toBe(annName);
  expect(data.responses.map((r: { content: string }) => r.content)).toEqual([ANNS_ANSWER]);
  expect(exported.text).not.toContain(BOBS_ANSWER);
  const journal = await profile.download('Download journal (Markdown)');
  expect(journal.name).toMatch(/\.md$/);
  expect(journal.text).toContain(`# Journal of ${annName}`);

  const deviceBefore = await ann.evaluate(() => localStorage.getItem('boon-device-id'));
  await profile.deleteMyData();
  await expect(ann.getByText('Your data was deleted', { exact: true })).toBeVisible();
  await expect(ann).toHaveURL(/\/$/);
  const fresh = await ann.evaluate(() => ({
    device: localStorage.getItem('boon-device-id'),
    pseudonym: localStorage.getItem('boon-device-pseudonym'),
    registered: localStorage.getItem('boon-device-registered'),
  }));
  expect(fresh.device).not.toBe(deviceBefore);
  expect(fresh).toMatchObject({ pseudonym: null, registered: null });

  await bob.goto(responsesPath);
  await expect(bobsView.response(annName)).toHaveCount(0);
  await expect(bob.getByText(BOBS_ANSWER)).toBeVisible();
  await expect(bob.getByText(ANNS_ANSWER)).toHaveCount(0);

  await annContext.close();
  await bobContext.close();
});
