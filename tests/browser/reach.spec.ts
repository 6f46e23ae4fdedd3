import { expect, test } from '@playwright/test';
import { HomePage, openHomeByItsTab } from './pages/home-page';
import { openServedPageWhileUnreachable } from './pages/served-while-unreachable';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('when Boon cannot be reached, home says so, apart from "no question", and recovers', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  // Home reached within the app has no question of its own to show: the API's answer decides.
  await page.route('**/api/question/today', (route) => route.abort('internetdisconnected'));
  await openHomeByItsTab(page);
  const unreachable = page.getByRole('heading', { name: 'Can’t reach Boon' });
  await expect(unreachable).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('No question available today')).toHaveCount(0);

  await page.unroute('**/api/question/today');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Your response')).toBeVisible();

  // A server that answers "no such question" is not an outage.
  await page.route('**/api/question/today', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"status":404}' }),
  );
  await openHomeByItsTab(page);
  await expect(page.getByRole('heading', { name: 'No question available today' })).toBeVisible();
  await expect(unreachable).toHaveCount(0);

  // A server that is down (502 from a proxy) is one.
  await page.route('**/api/question/today', (route) =>
    route.fulfill({ status: 502, body: 'Bad Gateway' }),
  );
  await openHomeByItsTab(page);
  await expect(unreachable).toBeVisible();
  await expect(page.getByText(/Boon is not answering right now/)).toBeVisible();
  await context.close();
});

test('home that arrived with its question keeps it when Boon stops answering, says so, and recovers', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const question = await new HomePage(page).questionText();
  const notice = await openServedPageWhileUnreachable(page, '/home', '**/api/question/today');
  await expect(notice).toContainText('Boon is not answering right now');
  await expect(page.locator('#question')).toHaveText(question);
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toHaveCount(0);

  await page.unroute('**/api/question/today');
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.locator('#question')).toHaveText(question);
  await expect(page.getByLabel('Your response')).toBeVisible();
  await context.close();
});

test('a discussion that arrived with its question keeps it when asking for it again fails, and says so', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const question = await new HomePage(page).questionText();
  const id = await page.evaluate(
    async () => (await (await fetch('/api/question/today')).json()).id as number,
  );
  const notice = await openServedPageWhileUnreachable(
    page,
    `/responses/${id}`,
    `**/api/question/${id}`,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  // The answers could be had: the person is still asked to share first, under the question.
  await expect(page.getByRole('heading', { name: 'Share Your Voice First' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toHaveCount(0);

  await page.unroute(`**/api/question/${id}`);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await context.close();
});

test('a responses page tells an outage from a question that does not exist', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/responses/987654');
  await expect(page.getByRole('heading', { name: 'Question not found' })).toBeVisible();
  // 'Questions' is not lit for a question that does not exist.
  const main = page.getByRole('navigation', { name: 'Main' });
  await expect(main.locator('[aria-current=page]')).toHaveCount(0);

  await page.route('**/api/question/987653', (route) => route.abort('connectionrefused'));
  await page.goto('/responses/987653');
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Question not found')).toHaveCount(0);
  await context.close();
});

test('/responses/abc is a not-found page and asks the server nothing about it', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(question|responses)\/(abc|NaN|0)\b/.test(request.url())) asked.push(request.url());
  });
  await page.goto('/responses/abc');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Boon');
  await page.goto('/responses/0');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  expect(asked).toEqual([]);
  await context.close();
});

test('each route names itself in the title, and navigation names match the pages they open', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  await expect(page).toHaveTitle('Today’s question · Boon');
  const question = (await page.locator('#question').textContent())!;
  for (const [path, title] of [
    ['/about', 'About Boon · Boon'],
    ['/settings', 'Settings · Boon'],
    ['/privacy-policy', 'Privacy Policy · Boon'],
    ['/archive', 'Question Archive · Boon'],
    ['/no-such-page', 'Page not found · Boon'],
  ]) {
    await page.goto(path!);
    await expect(page).toHaveTitle(title!);
  }
  await page.goto('/home');
  // The spec's 'My Journey' card opens /my-responses.
  await page.getByRole('link', { name: /My Journey/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Responses');
  await expect(page).toHaveTitle('My Responses · Boon');

  const questionId = await page.evaluate(
    async () => (await (await fetch('/api/question/today')).json()).id,
  );
  await page.goto(`/responses/${questionId}`);
  await expect(page).toHaveTitle(`Responses: ${question} · Boon`);
  await context.close();
});

test('the footer year comes from the clock', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.clock.setFixedTime(new Date('2031-03-04T12:00:00Z'));
  await page.goto('/about');
  await expect(page.getByRole('contentinfo')).toContainText('© 2031 Boon');
  await context.close();
});

test('Boon can be installed: favicon, manifest with icons and theme colours, robots.txt as text', async ({
  page,
  request,
}) => {
  await page.goto('/about');
  await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', '/favicon.svg');
  await expect(page.locator('meta[name=theme-color]')).toHaveCount(2);
  const manifestHref = await page.locator('link[rel=manifest]').getAttribute('href');
  const manifest = await request.get(manifestHref!);
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as {
    name: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body.name).toMatch(/Boon/);
  expect(body.theme_color).toMatch(/^#/);
  expect(body.background_color).toMatch(/^#/);
  expect(body.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(body.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of body.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^image\//);
  }
  for (const path of ['/favicon.svg', '/icons/apple-touch-icon.png']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*/);
});
