import { expect, type Locator, type Page } from '@playwright/test';

/** The Reminders tab of /profile. */
export class RemindersTab {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/profile');
    await this.page.getByRole('tab', { name: 'Reminders' }).click();
    await expect(this.list).toBeVisible();
  }

  get list(): Locator {
    return this.page.getByRole('list', { name: 'Your reminders' });
  }

  row(title: string): Locator {
    return this.list.getByRole('listitem').filter({ hasText: title });
  }

  switchOf(title: string): Locator {
    return this.row(title).getByRole('switch', { name: title });
  }

  async expectSaved() {
    await expect(this.page.getByText('Reminders saved', { exact: true })).toBeVisible();
  }

  private async choose(dialog: Locator, field: string, option: string) {
    await dialog.getByRole('combobox', { name: field }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  async edit(title: string, change: { time: string; frequency: string; weekday?: string }) {
    await this.row(title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    await this.fillDialog(`${title} Reminder`, change);
  }

  async addCustom(custom: { title: string; time: string; frequency: string; weekday?: string }) {
    await this.page.getByRole('button', { name: 'Add a custom reminder' }).click();
    await this.fillDialog('Custom Reminder', custom);
  }

  private async fillDialog(
    name: string,
    fields: { title?: string; time: string; frequency: string; weekday?: string },
  ) {
    const dialog = this.page.getByRole('dialog', { name });
    if (fields.title) await dialog.getByLabel('Title').fill(fields.title);
    await dialog.getByLabel('Time').fill(fields.time);
    await this.choose(dialog, 'Frequency', fields.frequency);
    if (fields.weekday) await this.choose(dialog, 'Day', fields.weekday);
    await dialog.getByRole('button', { name: 'Save Reminder' }).click();
    await expect(dialog).toHaveCount(0);
    await this.expectSaved();
  }

  async makeCalendarLink(): Promise<string> {
    await this.page.getByRole('button', { name: 'Make a calendar link' }).click();
    const field = this.page.getByRole('textbox', { name: 'Your private calendar link' });
    await expect(field).toHaveValue(/\/api\/calendar\/[\w-]{43}\.ics$/);
    return field.inputValue();
  }

  async endCalendarLink() {
    await this.page.getByRole('button', { name: 'End the link' }).click();
    await expect(this.page.getByText('Calendar link ended', { exact: true })).toBeVisible();
  }
}
