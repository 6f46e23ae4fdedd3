import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: axe measures
 * colours as painted, so a toast still fading in reads as low contrast.
 */
const settleAnimations = (page: Page) =>
  page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });

export const axeViolations = async (page: Page) => {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
};

/**
 * Interactive targets smaller than 24 × 24 CSS px (WCAG 2.2, 2.5.8). Links inside a sentence
 * are exempt, as the criterion allows; so is what is hidden or visually hidden.
 */
export const undersizedTargets = (page: Page) =>
  page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=tab]',
      '[role=radio]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=slider]',
      '[role=option]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const block = el.closest('p, li, dd, figcaption');
      return (
        !!block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length
      );
    };
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => !el.closest('[aria-hidden=true], [inert]'))
      .filter((el) => {
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none';
      })
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 1 && rect.height > 1)
      .filter(({ el, rect }) => (rect.width < 24 || rect.height < 24) && !inSentence(el))
      .map(
        ({ el, rect }) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" is ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      );
  });

/**
 * The whole page in one picture, taken with a viewport as tall as the page so that what is
 * fixed to the screen (the tab bar, dialogs) sits where a person would see it, not mid-page.
 */
export const screenshotWholePage = async (page: Page, path: string) => {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > viewport.height) {
    await page.setViewportSize({ width: viewport.width, height });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  }
  await page.screenshot({ path });
  await page.setViewportSize(viewport);
};
