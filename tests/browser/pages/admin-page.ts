import { expect, type Page } from '@playwright/test';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** A person's brainstorm and submit-question pages. */
export const contributions = (page: Page) => ({
  suggest: async (idea: string) => {
    await page.goto('/brainstorm');
    await page.getByLabel('Your question').fill(idea);
    await page.getByRole('button', { name: 'Submit Suggestion' }).click();
    await expect(page.getByText('Question Submitted', { exact: true }).first()).toBeVisible();
  },
  submit: async (question: string) => {
    await page.goto('/submit-question');
    await page.getByLabel('Your question').fill(question);
    await page.getByRole('button', { name: 'Submit Question' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  },
});

/** The admin area, driven as an admin does. */
export const adminArea = (page: Page) => ({
  logIn: async () => {
    await page.goto('/admin-login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // The password is hashed at production cost: on a busy machine that takes seconds.
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  },
  openTab: async (name: string) => {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  },
  idea: (content: string) =>
    page.getByRole('list', { name: 'Ideas' }).getByRole('listitem').filter({ hasText: content }),
  submission: (content: string) =>
    page
      .getByRole('list', { name: 'Submissions' })
      .getByRole('listitem')
      .filter({ hasText: content }),
  historyRows: () => page.getByRole('table').locator('tbody tr'),
  planned: (content: string) =>
    page
      .getByRole('list', { name: 'Scheduled questions' })
      .getByRole('listitem')
      .filter({ hasText: content }),
  questionRow: (content: string) =>
    page
      .getByRole('table')
      .locator('tbody tr')
      .filter({ hasText: content.slice(0, 60) }),
  /** Picks an option of a labelled select. */
  choose: async (scope: ReturnType<Page['locator']>, label: string, option: string) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  },
  /** The product day after today's, as the server counts days. */
  tomorrow: async () => {
    const today = (await (await page.request.get('/api/question/today')).json()) as {
      dateAdded: string;
    };
    return new Date(Date.parse(`${today.dateAdded}T12:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
  },
});
