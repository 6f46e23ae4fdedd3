import { test, type BrowserContext, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * A step of the screen tour that may not take longer than `ms`: one that never ends (seen once:
 * the tour hung after its last screenshot for the test's whole ten minutes) fails at once, its
 * error naming the step.
 */
export const boundedStep = <T>(title: string, body: () => Promise<T>, ms = 60_000) =>
  test.step(title, body, { timeout: ms }).catch((error: unknown) => {
    throw new Error(`${title}: ${String(error)}`, { cause: error });
  });

/** WCAG 2.2 A and AA, as axe tags them. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits (at most 2 s) for the page's finite animations and transitions to end: axe measures
 * colours as painted, so a toast still fading in reads as low contrast (and a screenshot taken
 * right after a change of theme shows buttons half way between their colours).
 */
export const settleAnimations = (page: Page) =>
  page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });

/**
 * Every card drawn and laid out as it is: cards further down the page otherwise skip rendering
 * until scrolled near (`content-visibility: auto`), and stand as placeholders meanwhile.
 */
export const renderEveryCard = (page: Page) =>
  page.addStyleTag({ content: '* { content-visibility: visible !important; }' });

type PolicyLog = { __policyViolations?: string[] };

/**
 * From now on, every page of the context keeps the Content-Security-Policy violations it
 * reports (the browser blocks what the policy forbids; a page that tries is broken or carries
 * code it should not, as zod did with its `new Function` probe). Read them with
 * `policyViolations`.
 */
export const recordPolicyViolations = (context: BrowserContext) =>
  context.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as PolicyLog).__policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'}`),
    );
  });

/** The violations the page reported since the last call (its document's, if it reloaded). */
export const policyViolations = (page: Page) =>
  page.evaluate(() => ((globalThis as PolicyLog).__policyViolations ?? []).splice(0));

/** The WCAG 2.2 AA rules whose outcome depends on colours: all a second theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe's WCAG 2.2 AA violations on the page as it is now (`colours`: only the rules that
 * depend on colours). axe runs in the page itself, loaded once per document: a quarter of the
 * time @axe-core/playwright takes, which loads axe afresh on every call and opens a second
 * page to assemble the result.
 */
export const axeViolations = async (page: Page, only: 'all' | 'colours' = 'all') => {
  await settleAnimations(page);
  // Cards further down skip rendering until scrolled near (content-visibility: auto): what is
  // not rendered has no colours to measure, so axe is shown every card rendered.
  await renderEveryCard(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const runOnly =
    only === 'all'
      ? { type: 'tag' as const, values: WCAG_22_AA }
      : { type: 'rule' as const, values: COLOUR_RULES };
  return page.evaluate(async (runOnly) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    // Under an open modal dialog the page is hidden from assistive technology and dimmed by
    // the scrim: incidental text (WCAG 1.4.3), which axe would measure through the scrim. The
    // dialog is what is read, so it alone is checked.
    const dialogs = document.querySelectorAll(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], [role="dialog"][aria-modal="true"]',
    );
    const modal = dialogs[dialogs.length - 1];
    const result = await inPage.run(modal ?? document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  }, runOnly);
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
 * The page in one picture as it stands, the viewport unchanged: what lies below the fold is
 * drawn first (cards further down skip rendering until scrolled near, `content-visibility:
 * auto`, and a full-page capture does not scroll: they came out as empty boxes).
 */
export const fullPageShot = async (page: Page, path: string) => {
  await renderEveryCard(page);
  await page.screenshot({ path, fullPage: true });
};

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

/**
 * What makes the page scroll sideways: nothing may (WCAG 1.4.10, reflow at 320 CSS px; here
 * at the phone's 390 px and the desktop's 1280 px with the longest texts the product allows).
 * Names the outermost elements that reach past the viewport's right edge.
 */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const past = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.right > width + 1;
    });
    const outermost = past.filter(
      (el) => !past.some((other) => other !== el && other.contains(el)),
    );
    return [
      `the page is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport: ${outermost
        .slice(0, 3)
        .map(describe)
        .join(', ')}`,
    ];
  });

/**
 * Answer cards whose 'Read more' does not match what their preview hides: it must be there
 * exactly when the 8-line clamp hides part of the text or the preview was cut at 600 characters.
 * Each card is looked at as a reader reaches it: brought into view, then two frames later
 * (cards outside the screen are not laid out, and measure themselves as they come near). The
 * page is scrolled back where it was.
 */
export const readMoreMismatches = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const { scrollX, scrollY } = window;
    const found: string[] = [];
    for (const card of Array.from(
      document.querySelectorAll<HTMLElement>('article[aria-label^="Response by"]'),
    )) {
      const preview = card.querySelector('[data-preview]') as HTMLElement | null;
      if (!preview) continue;
      card.scrollIntoView({ block: 'center' });
      await frame();
      await frame();
      const hidden =
        preview.scrollHeight > preview.clientHeight + 1 ||
        (preview.textContent ?? '').endsWith('…');
      const offered = Array.from(card.querySelectorAll('button')).some(
        (button) => button.textContent?.trim() === 'Read more',
      );
      if (hidden !== offered) {
        found.push(
          `${card.getAttribute('aria-label')}: ${hidden ? 'text hidden, no Read more' : 'Read more with nothing hidden'}`,
        );
      }
    }
    window.scrollTo(scrollX, scrollY);
    return found;
  });

/**
 * Text cut off with an ellipsis and no way to read the rest (a person's own name cut to
 * "Thoughtf…" on their card): names and titles wrap instead.
 */
export const cutText = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => getComputedStyle(el).textOverflow === 'ellipsis')
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `"${(el.textContent ?? '').trim().slice(0, 40)}" is cut with an ellipsis`),
  );
