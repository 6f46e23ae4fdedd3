import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminArea } from './pages/admin-page';
import { miniTab } from './pages/admin-mini-page';
import { MiniJourney } from './pages/mini-page';
import { AuthScreen } from './pages/onboarding';
import { axeViolations, undersizedTargets } from './pages/screen-checks';
import { uniqueEmail, visitor } from './pages/visitor';

// The dilemma the admin writes has the shape of the bank's first (the one mini-journey walks):
// option 1 leads to two choices, the second of which has one next step (The Truth-Teller);
// option 2 ends at once (The Rule Keeper); option 3 leads to two endings.

/** The steps the admin takes through the API (the same calls the tab makes). */
const adminCalls = (request: APIRequestContext, token: string) => {
  const post = async (path: string, data: object = {}) => {
    const res = await request.post(path, { data, headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  return {
    choice: (
      dilemmaId: string,
      content: string,
      parent: string | null,
      depth: number,
      ends = true,
    ) =>
      post('/api/mini/choice', {
        dilemmaId,
        parentChoiceId: parent,
        content,
        depth,
        leadToArchetype: ends,
      }),
    link: (choiceId: string, archetypeId: string) =>
      post(`/api/mini/choice/${choiceId}/archetype/${archetypeId}`),
  };
};

test('an admin writes a dilemma, makes it today’s, and cannot replace it once someone walked it', async ({
  browser,
}) => {
  // Two people, a dozen forms and two accessibility scans: longer than one page's journey.
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const prompt = `A colleague takes credit for your idea ${stamp}`;
  const { context, page } = await visitor(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = adminArea(page);
  const mini = miniTab(page);
  await admin.logIn();
  await admin.openTab('Mini');
  await expect(page.getByRole('heading', { name: /Pending dilemmas/ })).toBeVisible();

  // Inline validation before anything is sent.
  await mini.form('Create dilemma').getByRole('button', { name: 'Create Dilemma' }).click();
  await expect(mini.form('Create dilemma').getByText('Please enter dilemma content')).toBeVisible();
  await mini.form('Create choice').getByRole('button', { name: 'Create Choice' }).click();
  await expect(
    mini.form('Create choice').getByText('Please select a dilemma and enter choice content'),
  ).toBeVisible();
  await mini
    .form('Associate choice with archetype')
    .getByRole('button', { name: 'Associate' })
    .click();
  await expect(page.getByText('Please select both a choice and an archetype')).toBeVisible();

  await mini.createDilemma(
    `Initial Prompt: ${prompt}.\nInitial Options: Speak up, let it go, or ask.`,
  );
  await mini.createChoice(prompt, 'Raise it with them in private.');
  await mini.createChoice(prompt, 'Report it to your manager.', { ends: true });
  await mini.associate(prompt, 'Report it to your manager.', 'The Rule Keeper');
  const card = mini.pending(prompt);
  await expect(card.getByText('Not ready to walk yet')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Activate Now' })).toBeDisabled();

  const token = (await mini.token())!;
  const api = adminCalls(page.request, token);
  const dilemmaId = (
    (await page.request
      .get('/api/admin/dilemmas/pending', {
        headers: { Authorization: `Bearer ${token}` },
      })
      .then((r) => r.json())) as {
      id: string;
      content: string;
      choices: { id: string; depth: number }[];
    }[]
  ).find((d) => d.content.includes(prompt))!;
  const first = dilemmaId.choices[0]!.id;
  await api.link(
    await api.choice(dilemmaId.id, 'Thank them and move on.', first, 1),
    'bridge-builder',
  );
  const onward = await api.choice(dilemmaId.id, 'Ask them to set it right.', first, 1, false);
  await api.link(
    await api.choice(dilemmaId.id, 'Tell the team plainly.', onward, 2),
    'truth-teller',
  );
  const third = await api.choice(dilemmaId.id, 'Ask a mentor first.', null, 0, false);
  await api.link(
    await api.choice(dilemmaId.id, 'Take their advice quietly.', third, 1),
    'quiet-sage',
  );
  await api.link(await api.choice(dilemmaId.id, 'Let it go this time.', third, 1), 'pragmatist');

  await page.reload();
  await admin.openTab('Mini');
  await expect(card.getByText('Not ready to walk yet')).toHaveCount(0);
  await expect(card.getByText('The Rule Keeper')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await undersizedTargets(page)).toEqual([]);
  await mini.confirm(card, 'Activate Now', 'Activate');
  await expect(
    page.getByText('Dilemma activated as today’s Mini', { exact: true }).first(),
  ).toBeVisible();
  await expect(card).toHaveCount(0);

  // A member sees it on /mini and walks it: now nobody may replace it today.
  const member = await visitor(browser);
  await member.page.goto('/auth');
  await new AuthScreen(member.page).signUpAndConfirm(uniqueEmail('admin-mini'), 'long enough pw');
  await member.page.goto('/mini');
  await expect(member.page.getByText(prompt)).toBeVisible();
  const journey = new MiniJourney(member.page);
  await expect(journey.options()).toHaveCount(3);
  await journey.choose(1);
  await journey.expectResult('rule-keeper', 'The Rule Keeper');
  await member.context.close();

  await page.getByRole('button', { name: 'Generate Random Dilemma' }).click();
  await expect(
    page.getByText('Random dilemma added for review', { exact: true }).first(),
  ).toBeVisible();
  const generated = page
    .getByRole('listitem', { name: 'Pending dilemma' })
    .filter({ hasText: 'bank' })
    .first();
  // The spec's earliest date for scheduling a dilemma is today.
  const { dateAdded: today } = (await (await page.request.get('/api/question/today')).json()) as {
    dateAdded: string;
  };
  await expect(generated.getByLabel('Schedule for')).toHaveAttribute('min', today);
  await mini.confirm(generated, 'Activate Now', 'Activate');
  const offer = generated.getByRole('alert');
  await expect(offer).toContainText('Schedule this one for tomorrow instead');
  await offer.getByRole('button', { name: 'Schedule for tomorrow' }).click();
  await expect(generated.getByText(/^scheduled \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await undersizedTargets(page)).toEqual([]);
  await context.close();
});
