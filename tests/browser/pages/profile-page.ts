import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** /profile: the streak panel and the private journal. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/profile');
  }

  async showJournal() {
    await this.page.getByRole('tab', { name: 'Journal' }).click();
  }

  entry(name: string) {
    return this.page.getByRole('article', { name });
  }

  async write(entry: { title: string; content: string; customMood: string; tags: string[] }) {
    await this.page.getByRole('button', { name: 'Start Writing' }).click();
    await this.page.getByLabel('Title (optional)').fill(entry.title);
    await this.page.getByLabel('Your reflection').fill(entry.content);
    await this.page.getByRole('button', { name: 'Write your own...' }).click();
    await this.page.getByLabel('Your own mood').fill(entry.customMood);
    for (const tag of entry.tags) {
      await this.page.getByRole('textbox', { name: 'Tags' }).fill(tag);
      await this.page.getByRole('textbox', { name: 'Tags' }).press('Enter');
    }
    await this.page.getByRole('button', { name: 'Save Entry' }).click();
    await expect(this.entry(entry.title)).toBeVisible();
  }

  async edit(name: string, content: string) {
    await this.entry(name).getByRole('button', { name: 'Edit' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit entry' });
    await dialog.getByLabel('Your reflection').fill(content);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);
  }

  /** Clicks a "Your data" download button; answers the file's name and text. */
  async download(button: 'Download my data' | 'Download journal (Markdown)') {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: button }).click();
    const file = await download;
    return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  }

  /** "Delete my data", confirmed in its dialog. */
  async deleteMyData() {
    await this.page.getByRole('button', { name: 'Delete my data' }).click();
    const dialog = this.page.getByRole('alertdialog', { name: 'Delete all your data?' });
    await expect(dialog).toContainText('cannot be undone');
    await dialog.getByRole('button', { name: 'Delete everything' }).click();
  }

  async delete(name: string) {
    await this.entry(name).getByRole('button', { name: 'Delete' }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  }
}

/** The profile's header, stat cards and tabs. */
export class ProfileHeader {
  constructor(private readonly page: Page) {}

  get links() {
    return this.page.getByRole('navigation', { name: 'Profile links' });
  }

  tab(name: string) {
    return this.page.getByRole('tab', { name });
  }
}
