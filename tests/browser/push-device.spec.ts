import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startPushPeer, type PeerSubscription, type PushPeer } from '../support/push-peer';
import { replyAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { keptForOffline } from './pages/offline';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

// The second journeys' server sends to loopback endpoints (PUSH_TEST_ENDPOINTS=loopback, see
// scripts/e2e-server.mjs): the push service here is this test's own peer, which checks VAPID
// and decrypts every payload with the subscription's keys.
let peer: PushPeer;
test.beforeAll(async () => {
  peer = await startPushPeer();
});
test.afterAll(async () => {
  await peer.close();
});

/**
 * Chromium here cannot reach a vendor's push service (a real `subscribe` is refused:
 * "Registration failed - permission denied"). The page's PushManager is given the
 * subscription the peer made instead, as a browser gives the one its vendor made: everything
 * else (the page's offer, the server's subscription, the push sent, encrypted and decrypted,
 * the service worker's notification) is Boon's own code. The application server key the page
 * subscribes with is kept, to be checked.
 */
const browserPushAtPeer = (context: BrowserContext, subscription: PeerSubscription) =>
  context.addInitScript((json) => {
    const KEPT = 'test-push-subscription';
    const made = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(KEPT);
        return true;
      },
    });
    const manager = (globalThis as unknown as { PushManager?: { prototype: object } }).PushManager;
    if (!manager) return;
    Object.assign(manager.prototype, {
      subscribe: async (options: { applicationServerKey: ArrayBuffer | Uint8Array }) => {
        const key = new Uint8Array(
          options.applicationServerKey instanceof Uint8Array
            ? options.applicationServerKey
            : new Uint8Array(options.applicationServerKey),
        );
        localStorage.setItem(KEPT, btoa(String.fromCharCode(...key)));
        return made();
      },
      getSubscription: async () => (localStorage.getItem(KEPT) ? made() : null),
    });
  }, subscription.json);

/** The key the page subscribed with, base64url as the server publishes it. */
const subscribedWith = (page: Page) =>
  page.evaluate(() =>
    (localStorage.getItem('test-push-subscription') ?? '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, ''),
  );

/** Hands a payload to the page's service worker as its push service would (DevTools). */
/**
 * Delivers a push to the page's worker as its push service would (CDP), and answers what the
 * browser said of the worker meanwhile (its versions' states, errors it reported), for a
 * failure to explain itself.
 */
const deliverToWorker = async (page: Page, payload: unknown) => {
  const cdp = await page.context().newCDPSession(page);
  const seen: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions as { versionId: string; status: string; runningStatus: string }[])
      seen.push(`version ${v.versionId}: ${v.status}, ${v.runningStatus}`);
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    seen.push(`error: ${JSON.stringify(errorMessage)}`),
  );
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (ours) resolve(ours.registrationId as string);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  // What follows the delivery (the worker started, an error in its push handler).
  await page.waitForTimeout(500);
  await cdp.detach();
  return { registrationId, seen };
};

/** The notifications the page's worker shows, as the person would read them. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration!.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url: string }).url,
    }));
  });

/** Why no notification may have shown: the permission and the worker's state, from the page. */
const workerState = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      permission: Notification.permission,
      controlled: navigator.serviceWorker.controller !== null,
      active: registration?.active?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      installing: registration?.installing?.state ?? null,
    };
  });

test('a person turns on notifications for this device, a reply reaches it as a push the worker shows, and stopping ends them', async ({
  browser,
  request,
}) => {
  const { publicKey } = (await (await request.get('/api/push/public-key')).json()) as {
    publicKey: string;
  };
  const subscription = peer.subscribe(publicKey);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications']);
  await browserPushAtPeer(context, subscription);
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  await keptForOffline(page);
  await page.goto('/home');
  await new HomePage(page).answer('A promise is a small loan of the future to someone else.');
  const own = new ResponsesPage(page).response(name);
  await expect(own).toContainText('Your response');
  const answerId = await own.evaluate((el) => el.id.replace(/^response-/, ''));

  // Settings: the offer stands there; the press asks the browser and tells Boon.
  await page.goto('/settings');
  // Only replies here: the badge earned by answering would go in the same push otherwise.
  const badges = page.getByRole('switch', { name: 'Badges you earn' });
  await badges.click();
  await expect(badges).not.toBeChecked();
  const offer = page.getByRole('button', {
    name: 'Also get replies and other notifications when Boon is closed',
  });
  await offer.click();
  await expect(
    page.getByText('This device gets notifications while Boon is closed.'),
  ).toBeVisible();
  expect(await subscribedWith(page)).toBe(publicKey);

  // Someone replies: the push reaches the device's push service, VAPID-signed and decryptable.
  await replyAsSomeoneElse(request, answerId, 'Loans get repaid; do promises?');
  const [push] = await peer.waitFor(subscription.id, 1, 30_000);
  expect(push!.claims.aud).toBe(new URL(peer.url).origin);
  expect(push!.message).toEqual({
    title: 'Boon',
    body: 'New reply on Boon',
    tag: 'inbox',
    url: expect.stringMatching(/^\/responses\/\d+$/),
  });
  // Nothing of the replier, nor the person's own device, in what a lock screen shows.
  expect(JSON.stringify(push!.message)).not.toContain('Loans get repaid');

  // The service worker shows it as a notification that leads to the discussion.
  const delivery = await deliverToWorker(page, push!.message);
  const expected = [
    { title: 'Boon', body: 'New reply on Boon', url: (push!.message as { url: string }).url },
  ];
  await expect
    .poll(() => shownNotifications(page))
    .toEqual(expected)
    .catch(async (error: unknown) => {
      // Said, not guessed at: what the browser knew of the worker around the delivery.
      throw new Error(
        `${String(error)}\ndelivered to registration ${delivery.registrationId}; the worker: ` +
          `${JSON.stringify(await workerState(page))}; around the delivery: ${JSON.stringify(delivery.seen)}`,
      );
    });

  // Stopped on this device: Boon forgets the subscription, and the next reply is not pushed.
  await page.getByRole('button', { name: 'Stop on this device' }).click();
  await expect(offer).toBeVisible();
  const before = peer.received.length;
  await replyAsSomeoneElse(request, answerId, 'A second reply, after the device stopped.');
  // The inbox has it (so the push would have gone by now), the push service nothing more.
  await page.goto('/notifications');
  await expect(page.getByText(/replied to your answer/)).toHaveCount(2);
  // A push gathers 3 s and the sender looks every second: past both.
  await page.waitForTimeout(5_000);
  expect(peer.received.filter((p) => p.subscriptionId === subscription.id)).toHaveLength(1);
  expect(peer.received.length).toBe(before);
  expect(peer.refused).toEqual([]);
  await context.close();
});
