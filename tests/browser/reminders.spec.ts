import { expect, test } from '@playwright/test';
import { RemindersTab } from './pages/reminders-tab';
import { SetupPage } from './pages/setup-page';

test('reminders are saved on the server and still there after a reload', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const reminders = new RemindersTab(page);
  await new SetupPage(page).registerAsNewVisitor();
  await reminders.open();
  await expect(reminders.row('Daily Question')).toContainText('9:00 AM');
  await expect(reminders.row('Streak Protection')).toContainText('8:00 PM');
  await expect(reminders.row('Journal Reflection')).toContainText('Sundays 7:00 PM');
  await expect(page.getByText('Times are in your time zone (Europe/Berlin)')).toBeVisible();

  await reminders.edit('Daily Question', { time: '07:45', frequency: 'Weekdays only' });
  await reminders.addCustom({
    title: 'Call grandma',
    time: '18:15',
    frequency: 'Weekly',
    weekday: 'Friday',
  });
  await reminders.switchOf('Streak Protection').click();
  await reminders.expectSaved();

  await page.reload();
  await reminders.open();
  await expect(reminders.row('Daily Question')).toContainText('Weekdays 7:45 AM');
  await expect(reminders.row('Call grandma')).toContainText('Fridays 6:15 PM');
  await expect(reminders.switchOf('Streak Protection')).toHaveAttribute('aria-checked', 'false');
  await expect(
    reminders.row('Streak Protection').getByRole('button', { name: /Edit/ }),
  ).toBeDisabled();

  await reminders.row('Call grandma').getByRole('button', { name: 'Remove Call grandma' }).click();
  await reminders.expectSaved();
  await page.reload();
  await reminders.open();
  await expect(reminders.row('Call grandma')).toHaveCount(0);
  await context.close();
});

test('the subscribing URL is served as text/calendar and ends when revoked', async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const page = await context.newPage();
  const reminders = new RemindersTab(page);
  await new SetupPage(page).registerAsNewVisitor();
  await reminders.open();
  await reminders.addCustom({ title: 'Evening walk', time: '19:30', frequency: 'Daily' });

  const url = await reminders.makeCalendarLink();
  // A calendar app asks with nothing but the link: no device id, no cookies.
  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('SUMMARY:Evening walk');
  expect(ics).toContain('DTSTART;TZID=Europe/Berlin:');
  expect(ics).toContain('RRULE:FREQ=DAILY');

  await reminders.endCalendarLink();
  expect((await fetch(url)).status).toBe(404);
  await context.close();
});
