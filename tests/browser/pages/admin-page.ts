import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** A fresh person who suggests an idea and submits a question through the API. */
export const contributeAsSomeone = async (
  request: APIRequestContext,
  idea: string,
  question: string,
) => {
  const headers = { 'X-Device-ID': randomBytes(16).toString('base64url') };
  for (let attempt = 0; attempt < 5; attempt++) {
    const offered = await (await request.post('/api/user/generate-pseudonyms', { headers })).json();
    const setup = await request.post('/api/user/setup', {
      headers,
      data: { pseudonym: offered.pseudonyms[0], privacyConsent: true, termsConsent: true },
    });
    if (setup.status() === 201) break;
  }
  const suggested = await request.post('/api/brainstorm', { headers, data: { content: idea } });
  expect(suggested.status()).toBe(201);
  const submitted = await request.post('/api/submissions', {
    headers,
    data: { content: question },
  });
  expect(submitted.status()).toBe(201);
};

/** The admin area, driven as an admin does. */
export const adminArea = (page: Page) => ({
  logIn: async () => {
    await page.goto('/admin-login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
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
});
