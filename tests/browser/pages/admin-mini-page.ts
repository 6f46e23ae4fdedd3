import { expect, type Page } from '@playwright/test';

/** The admin's Mini tab, driven as an admin does. */
export const miniTab = (page: Page) => {
  const form = (name: string) => page.getByRole('form', { name });
  const pick = async (scope: ReturnType<typeof form>, label: string, option: string) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  };
  return {
    form,
    pending: (text: string) =>
      page
        .getByRole('list', { name: 'Pending dilemmas' })
        .getByRole('listitem', { name: 'Pending dilemma' })
        .filter({ hasText: text }),
    createDilemma: async (content: string) => {
      await form('Create dilemma').getByLabel('Dilemma content').fill(content);
      await form('Create dilemma').getByRole('button', { name: 'Create Dilemma' }).click();
      await expect(page.getByText('Dilemma created', { exact: true }).first()).toBeVisible();
    },
    createChoice: async (
      dilemma: string,
      content: string,
      options: { parent?: string; ends?: boolean } = {},
    ) => {
      const choice = form('Create choice');
      await pick(choice, 'Dilemma', dilemma);
      if (options.parent) await pick(choice, 'Parent choice (optional)', options.parent);
      await choice.getByLabel('Choice content').fill(content);
      const box = choice.getByRole('checkbox', { name: 'Leads to an archetype' });
      if ((await box.isChecked()) !== Boolean(options.ends)) await box.click();
      await choice.getByRole('button', { name: 'Create Choice' }).click();
      await expect(page.getByText('Choice created', { exact: true }).first()).toBeVisible();
    },
    associate: async (dilemma: string, choice: string, archetype: string) => {
      const association = form('Associate choice with archetype');
      await pick(association, 'Dilemma', dilemma);
      await pick(association, 'Choice', choice);
      await pick(association, 'Archetype', archetype);
      await association.getByRole('button', { name: 'Associate' }).click();
      await expect(
        page.getByText('Choice associated with archetype', { exact: true }).first(),
      ).toBeVisible();
    },
    /** Clicks a card's button and confirms it in the dialog. */
    confirm: async (card: ReturnType<Page['getByRole']>, button: string, confirm: string) => {
      await card.getByRole('button', { name: button }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: confirm }).click();
    },
    /** The admin's token, for the steps the test does through the API. */
    token: () => page.evaluate(() => localStorage.getItem('adminToken')),
  };
};
