import type { PushMessage } from '../../domain/contracts/notifications';

/**
 * The service worker's side of Web Push: a push becomes a notification (the payload is what
 * the server chose the lock screen may show), and a tap on it opens where it leads, in a Boon
 * window already open when there is one.
 */

type NotificationData = { url: string };

type WindowClientLike = {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
};

type ExtendableEventLike = { waitUntil(work: Promise<unknown>): void };
type PushEventLike = ExtendableEventLike & { data: { json(): unknown } | null };
type NotificationClickLike = ExtendableEventLike & {
  notification: { data: unknown; close(): void };
};

/**
 * What of the worker's global scope these handlers use. The worker entry passes `self`, the
 * real ServiceWorkerGlobalScope; this structural stand-in (named the same) keeps the file
 * compiling with the app's DOM types, where the worker's own are not loaded.
 */
type ServiceWorkerGlobalScope = {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag: string; data: NotificationData; icon: string; badge: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickLike) => void,
  ): void;
};

const FALLBACK: PushMessage = {
  title: 'Boon',
  body: 'Something new on Boon.',
  tag: 'inbox',
  url: '/notifications',
};

/** A path in the app, never another origin (a payload is trusted no further than that). */
export const safePath = (url: unknown): string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\')
    ? url
    : '/';

const text = (value: unknown, fallback: string, max: number) =>
  typeof value === 'string' && value.trim() ? value.slice(0, max) : fallback;

/** The payload as a message to show; anything unreadable shows as Boon's plain one. */
export const messageOf = (data: PushEventLike['data']): PushMessage => {
  let raw: unknown;
  try {
    raw = data?.json();
  } catch {
    return FALLBACK;
  }
  if (typeof raw !== 'object' || raw === null) return FALLBACK;
  const message = raw as Record<string, unknown>;
  return {
    title: text(message.title, FALLBACK.title, 200),
    body: typeof message.body === 'string' ? message.body.slice(0, 500) : '',
    tag: text(message.tag, FALLBACK.tag, 100),
    url: safePath(message.url),
  };
};

export const installPushHandlers = (scope: ServiceWorkerGlobalScope): void => {
  scope.addEventListener('push', (event) => {
    const message = messageOf(event.data);
    // The same tag replaces a notification still showing (a repeat, or a newer inbox push).
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        data: { url: message.url },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as Partial<NotificationData> | null;
    const path = safePath(data?.url);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const own = windows.filter((client) => client.url.startsWith(scope.location.origin));
        const open = own.find((client) => client.focused) ?? own[0];
        if (open) {
          await open.navigate(`${scope.location.origin}${path}`);
          await open.focus();
          return;
        }
        await scope.clients.openWindow(path);
      })(),
    );
  });
};
