import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { mapSeenBy, OpinionMapSection, plantCamps } from './pages/opinion-map';
import { axeViolations, screenshotWholePage } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

const shots = 'tests/artifacts/screenshots/opinion-map';

test('the opinion map of two planted camps: two groups, you in yours, the two bridges as common ground, by keyboard and screen reader, in both themes at phone and desktop width', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await visitor(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await new SetupPage(page).registerAsNewVisitor();
  const mine = 'Loyalty first: I keep my word to a friend, whatever it costs me.';
  await new HomePage(page).answer(mine);
  const questionId = Number(page.url().split('/').pop());
  const map = new OpinionMapSection(page);

  const deviceId = await page.evaluate(() => localStorage.getItem('boon-device-id'));
  const own = (await (
    await request.get(`/api/responses/${questionId}`, { headers: { 'X-Device-ID': deviceId! } })
  ).json()) as { id: string; isOwn: boolean }[];
  // Below the threshold (12 people), the map says how many more it needs. (The journeys share
  // one server: others may have answered today's question before this one ran.)
  await map.reach();
  if (own.length < 12) await expect(map.summary).toContainText(/more needed\.$/);
  const first = { headers: { 'X-Device-ID': deviceId! }, answerId: own.find((r) => r.isOwn)!.id };
  const { camps, lastPosition } = await plantCamps(request, first);

  // Every person in their camp: one group per camp, each camp's own. Read once the map has
  // caught up with the last echo: the read model holds every echo (X-Min-Position), and the map,
  // recomputed at most once a second here, reads the same twice more than a second apart (a map
  // computed midway, with one camp's echoes half in, can split the other camp for a moment).
  const groupOf = async (member: (typeof camps)[number][number]) =>
    (
      await mapSeenBy(request, questionId, {
        ...member.headers,
        'X-Min-Position': lastPosition,
      })
    ).you?.group ?? '-';
  const campGroups = async () =>
    Promise.all(camps.map(async (camp) => [...new Set(await Promise.all(camp.map(groupOf)))]));
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await campGroups());
        const settled = now === previous;
        previous = now;
        return settled;
      },
      { timeout: 30_000, intervals: [1_200] },
    )
    .toBe(true);
  const settled = JSON.parse(previous) as string[][];
  expect(settled).toEqual(expect.arrayContaining([['A'], ['B']]));
  expect(settled[0]).toEqual([await groupOf(first)]);

  // The screen: the summary, the table, the common ground, the groups' own answers. (A map
  // recomputed meanwhile may name the groups the other way round: the screen's own letter.)
  await page.reload();
  await map.reach();
  await expect(map.summary).toHaveText(/^2 groups; you are closest to group [AB]$/);
  const myGroup = (await map.summary.textContent())!.slice(-1) as 'A' | 'B';
  await expect(page.locator('[data-opinion-scatter] svg').first()).toBeVisible();
  await expect(map.table.getByRole('row')).toHaveCount(3);
  await expect(map.table.getByRole('row', { name: `Group ${myGroup}` })).toContainText(
    'Closest to you',
  );
  await expect(map.commonGround.getByRole('listitem')).toHaveCount(2);
  await expect(map.commonGround).toContainText('we owe each other an explanation');
  await expect(map.commonGround).toContainText('they only weigh it differently');
  const mineCard = map.group(myGroup);
  await expect(mineCard).toContainText('You are closest');
  await expect(mineCard.getByRole('listitem').first()).toContainText('Loyalty first');
  await expect(mineCard).not.toContainText('Honesty first');

  // An answer opens whole in the reader, by keyboard; Escape gives focus back.
  const read = map.commonGround.getByRole('button', { name: 'Read the answer' }).first();
  await read.focus();
  await page.keyboard.press('Enter');
  const reader = page.getByRole('dialog', { name: 'An answer from the discussion' });
  await expect(reader).toBeVisible();
  await expect(reader).toContainText(/owe each other an explanation|weigh it differently/);
  await page.keyboard.press('Escape');
  await expect(reader).toHaveCount(0);
  await expect(read).toBeFocused();

  // No one is named on the map: no pseudonym of the camps appears in its sections.
  const sections = page.locator('[data-opinion-map]');
  await expect(sections).not.toContainText('Response by');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await map.wherePeopleStand.scrollIntoViewIfNeeded();
      await expect(page.locator('[data-opinion-scatter] svg').first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await sections.screenshot({ path: `${shots}/map-${colorScheme}-${width}.png` });
      await screenshotWholePage(page, `${shots}/discussion-${colorScheme}-${width}.png`);
    }
  }
  await context.close();
});
