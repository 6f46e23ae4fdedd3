import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminArea, contributions, E2E_ADMIN } from './pages/admin-page';
import { ArchivePage } from './pages/archive-pages';
import { HomePage } from './pages/home-page';
import { SetupPage } from './pages/setup-page';
import { moveToNextDay } from './pages/test-clock';
import { visitor } from './pages/visitor';
import { personAt, SCREENS } from './pages/ways-in';

// Runs on a server of its own, the only one with TEST_CLOCK (project 'next-day'): it moves
// that server's clock a day forward, which no other journey must see.
const COMMUNITY_NOTE = 'This question was submitted by a community member';

test('a submitted question, approved and scheduled for tomorrow, is Home’s question the next day; yesterday’s discussion opens from the archive', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two people, an admin at production-cost sign-in, and a new day
  const stamp = Date.now().toString(36);
  const question = `Should neighbours share one lawnmower rather than own ten ${stamp}?`;
  const person = await visitor(browser);
  await new SetupPage(person.page).registerAsNewVisitor();
  await contributions(person.page).suggest(`Is it fair to keep a found wallet's cash ${stamp}?`);
  await contributions(person.page).submit(question);

  const { context, page } = await visitor(browser);
  const admin = adminArea(page);
  await admin.logIn();
  const tomorrow = await admin.tomorrow();
  await admin.openTab('Submit');
  const submission = admin.submission(question);
  await admin.choose(submission, 'Status', 'Approved');
  await submission.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Submission Updated', { exact: true }).first()).toBeVisible();
  await submission.getByRole('button', { name: 'Convert to Question' }).click();
  await expect(
    submission.getByText(/converted to Question #\d+, a draft not scheduled yet\./),
  ).toBeVisible();
  await admin.openTab('Schedule');
  const draft = admin.planned(question);
  await draft.getByRole('button', { name: 'Edit' }).click();
  await draft.getByLabel('Scheduled for').fill(tomorrow);
  await draft.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scheduled question updated').first()).toBeVisible();
  await expect(draft.getByText(tomorrow, { exact: true })).toBeVisible();
  await context.close();

  // Today's Home still asks the bank's question; the person answers it.
  const home = new HomePage(person.page);
  await person.page.goto('/home');
  const yesterday = await home.questionText();
  expect(yesterday).not.toBe(question);
  await home.answer('Yesterday I said that keeping a promise matters most.');

  expect(await moveToNextDay(person.page.request)).toBe(tomorrow);

  // A newcomer's Home, and the author's own, ask it with the community note.
  const newcomer = await visitor(browser);
  await new SetupPage(newcomer.page).registerAsNewVisitor();
  expect(await new HomePage(newcomer.page).questionText()).toBe(question);
  await expect(newcomer.page.getByText(COMMUNITY_NOTE, { exact: true })).toBeVisible();
  await newcomer.context.close();

  // On its day, and only then, the submission's line says its question is active.
  const moderator = await visitor(browser);
  await adminArea(moderator.page).logIn();
  await adminArea(moderator.page).openTab('Submit');
  await expect(
    adminArea(moderator.page)
      .submission(question)
      .getByText(/converted to Question #\d+ and is now active\./),
  ).toBeVisible();
  await moderator.context.close();

  await person.page.goto('/home');
  expect(await home.questionText()).toBe(question);
  await expect(person.page.getByText(COMMUNITY_NOTE, { exact: true })).toBeVisible();

  // Having answered the new day's question, the person opens yesterday's discussion from the
  // archive and finds their answer there.
  await home.answer('Today I think sharing tools builds trust between neighbours.');
  const archive = new ArchivePage(person.page);
  await archive.open();
  const past = archive.question(yesterday);
  await expect(past).not.toContainText('Active');
  await past.click();
  await expect(person.page).toHaveURL(/\/responses\/\d+$/);
  await expect(person.page.getByRole('heading', { level: 1 })).toHaveText(yesterday);
  await expect(
    person.page.getByText('Yesterday I said that keeping a promise matters most.'),
  ).toBeVisible();
  await person.context.close();
});

/** An admin's calls through the API: the journey is the author's, not the moderator's. */
const adminCalls = async (request: APIRequestContext) => {
  const login = await request.post('/api/admin/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  const ok = async (call: Promise<{ status: () => number; json: () => Promise<unknown> }>) => {
    const res = await call;
    expect(res.status()).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  };
  return {
    submissionId: async (content: string) => {
      const list = (await ok(request.get('/api/admin/submissions', { headers }))) as unknown as {
        id: string;
        content: string;
      }[];
      return list.find((s) => s.content === content)!.id;
    },
    approveAndConvert: async (id: string) => {
      await ok(
        request.put(`/api/admin/submissions/${id}`, { headers, data: { status: 'approved' } }),
      );
      return (await ok(request.post(`/api/admin/submissions/${id}/convert`, { headers })))
        .questionId as number;
    },
    schedule: (questionId: number, day: string) =>
      ok(request.put(`/api/questions/${questionId}`, { headers, data: { scheduledFor: day } })),
  };
};

for (const screen of SCREENS) {
  test(`Community Voice comes on the day a submitted question is asked, not when it is drafted or scheduled (${screen.width} px, ${screen.colorScheme})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const question = `Should a library lend tools as well as books ${stamp}?`;
    const { context, page } = await personAt(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    await contributions(page).submit(question);
    const communityVoice = page.getByText('Community Voice', { exact: true });

    const admin = await adminCalls(page.request);
    const questionId = await admin.approveAndConvert(await admin.submissionId(question));
    // An answer after the draft: its First Voice is awarded after anything the draft earned.
    await page.goto('/home');
    await new HomePage(page).answer('A draft is a promise not yet kept, so I wait for the day.');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Badges earned (1)' })).toBeVisible();
    await expect(page.getByText('First Voice', { exact: true }).first()).toBeVisible();
    await expect(communityVoice).toHaveCount(0);

    const tomorrow = await adminArea(page).tomorrow();
    await admin.schedule(questionId, tomorrow);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Badges earned (1)' })).toBeVisible();
    await expect(communityVoice).toHaveCount(0);

    expect(await moveToNextDay(page.request)).toBe(tomorrow);
    await page.goto('/home');
    expect(await new HomePage(page).questionText()).toBe(question);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Badges earned (2)' })).toBeVisible();
    await expect(communityVoice.first()).toBeVisible();
    await page.screenshot({
      path: `tests/artifacts/screenshots/community-voice-${screen.width}-${screen.colorScheme}.png`,
    });
    await context.close();
  });
}
