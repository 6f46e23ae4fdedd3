import { expect, test, type Page } from '@playwright/test';
import { adminArea } from './pages/admin-page';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

/**
 * Serves a list of `total` items as the server pages it: 30, then the rest behind the `Link`
 * the first page gives. Answers the cursors asked for, for a test to count.
 */
const servePaged = async (
  page: Page,
  pattern: Parameters<Page['route']>[0],
  total: number,
  item: (n: number, url: URL) => unknown,
) => {
  const cursors: (string | null)[] = [];
  await page.route(pattern, async (route) => {
    const url = new URL(route.request().url());
    if (route.request().method() !== 'GET') return route.continue();
    const cursor = url.searchParams.get('cursor');
    cursors.push(cursor);
    const second = cursor === 'second';
    const numbers = Array.from({ length: total }, (_, i) => i + 1).slice(
      second ? 30 : 0,
      second ? total : 30,
    );
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {
        'X-Total-Count': String(total),
        ...(second ? {} : { Link: `<${url.pathname}?cursor=second>; rel="next"` }),
      },
      body: JSON.stringify(numbers.map((n) => item(n, url))),
    });
  });
  return cursors;
};

/**
 * The second page was asked for, and never twice for one load of the list: a live notice that
 * the list changed (another test's answer or suggestion, on the same server) asks again for
 * every page loaded, the first with it, so each second page must follow a first.
 */
const nextPageAskedOnce = (cursors: (string | null)[]) => {
  const second = cursors.filter((cursor) => cursor === 'second').length;
  expect(second).toBeGreaterThanOrEqual(1);
  expect(second).toBeLessThanOrEqual(cursors.filter((cursor) => cursor === null).length);
};

const pair = (n: number) => ({
  id: `pair-${n}`,
  responseOne: {
    content: `Keep promise number ${n}.`,
    user: { displayName: `Author ${n}`, username: `Author ${n}` },
    echoCount: 0,
  },
  responseTwo: {
    content: `It depends on what is at stake in promise ${n}, and on who relies on it.`,
    user: { displayName: `Partner ${n}`, username: `Partner ${n}` },
    echoCount: 1,
  },
  question: { content: 'A question' },
  viewCount: 0,
  likeCount: 1,
  comparisonInsight: 'A concise take beside an in-depth one: brevity and depth side by side.',
});

test('shared perspectives load the next page of pairs when Next reaches the end of the first', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // 33 pairs as the server pages them: 30, then 3 behind the Link it gives. The panel's POST
  // of a view goes to the real server (`/pairs/{id}/views` does not match this pattern).
  const cursors = await servePaged(page, '**/api/shared-responses/*', 33, pair);
  await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('A middle-length answer of my own, about promises kept.');

  const panel = page.getByRole('region', { name: 'Shared Perspectives' });
  await expect(panel.getByText('1 of 33 pairs')).toBeVisible();
  const next = panel.getByRole('button', { name: 'Next Comparison' });
  for (let n = 2; n <= 33; n++) {
    await next.click();
    await expect(panel.getByText(`${n} of 33 pairs`)).toBeVisible();
  }
  await expect(panel.getByText('Keep promise number 33.')).toBeVisible();
  nextPageAskedOnce(cursors);
  // Past the last pair, the first again.
  await next.click();
  await expect(panel.getByText('1 of 33 pairs')).toBeVisible();
  await expect(panel.getByText('Keep promise number 1.')).toBeVisible();
  await context.close();
});

test('a long reply thread shows its first page and loads the rest on request', async ({
  browser,
  request,
}) => {
  await answerAsSomeoneElse(request, 'An answer whose thread has grown long over the day.');
  const context = await browser.newContext();
  const page = await context.newPage();
  // 31 replies as the server pages them: 30, then 1 behind the Link it gives.
  await servePaged(page, '**/api/replies/*', 31, (n, url) => ({
    id: `reply-${n}`,
    responseId: url.pathname.split('/').pop(),
    content: `Reply number ${n}.`,
    user: `Replier ${n}`,
    dateAdded: new Date().toISOString(),
    isOwn: false,
  }));
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('My own answer, before I read the long thread.');
  const responses = new ResponsesPage(page);
  const card = page
    .getByRole('article')
    .filter({ hasText: 'An answer whose thread has grown long over the day.' })
    .first();
  await card.getByRole('button', { name: /repl/ }).click();
  const thread = card.getByRole('list', { name: 'Replies' });
  await expect(thread.getByRole('listitem')).toHaveCount(30);
  await card.getByRole('button', { name: 'Show more replies (1)' }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(31);
  await expect(thread).toContainText('Reply number 31.');
  await expect(card.getByRole('button', { name: /Show more replies/ })).toHaveCount(0);
  expect(await responses.response(name).count()).toBe(1);
  await context.close();
});

test('the admin boards show 30 ideas and 30 submissions, and the rest on request', async ({
  browser,
}) => {
  test.setTimeout(120_000); // the admin's password is hashed at production cost
  const context = await browser.newContext();
  const page = await context.newPage();
  const at = new Date().toISOString();
  // 31 of each as the server pages them: 30, then 1 behind the Link it gives.
  const ideaCursors = await servePaged(
    page,
    (url) => url.pathname === '/api/admin/brainstorm',
    31,
    (n) => ({
      id: `idea-${n}`,
      content: `Is idea number ${n} worth a day of its own?`,
      category: null,
      status: 'pending',
      dateAdded: at,
      createdBy: 'Anonymous',
      notes: null,
      votes: 0,
      userVote: null,
      promoted: false,
      questionId: null,
    }),
  );
  await servePaged(
    page,
    (url) => url.pathname === '/api/admin/submissions',
    31,
    (n) => ({
      id: `submission-${n}`,
      content: `Is submission number ${n} a fair question?`,
      status: 'pending',
      adminNotes: null,
      submitterName: `Person ${n}`,
      dateSubmitted: at,
      questionId: null,
    }),
  );
  const admin = adminArea(page);
  await admin.logIn();

  await admin.openTab('Ideas');
  const ideas = page.getByRole('list', { name: 'Ideas' }).getByRole('listitem');
  await expect(ideas).toHaveCount(30);
  await expect(page.getByText('Showing 30 of 31')).toBeVisible();
  // The button asks by keyboard; scrolling near the end asks by itself.
  const moreIdeas = page.getByRole('button', { name: 'Show more ideas' });
  await moreIdeas.focus();
  await page.keyboard.press('Enter');
  await expect(ideas).toHaveCount(31);
  await expect(admin.idea('Is idea number 31 worth a day of its own?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more ideas' })).toHaveCount(0);
  nextPageAskedOnce(ideaCursors);

  await admin.openTab('Submit');
  const submissions = page.getByRole('list', { name: 'Submissions' }).getByRole('listitem');
  await expect(submissions).toHaveCount(30);
  await page.getByRole('button', { name: 'Show more submissions' }).scrollIntoViewIfNeeded();
  await expect(submissions).toHaveCount(31);
  await expect(admin.submission('Is submission number 31 a fair question?')).toBeVisible();
  await context.close();
});
