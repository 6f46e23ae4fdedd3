import { describe, expect, it, vi } from 'vitest';
import { installPushHandlers, messageOf, safePath } from '../../ui/sw/push';

type Listener = (event: unknown) => void;

/** A stand-in for the worker's scope: what it was asked to show and open. */
const fakeScope = (windows: { url: string; focused?: boolean }[] = []) => {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const clients = windows.map((w) => ({
    ...w,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async (url: string) => navigated.push(url)),
  }));
  const scope = {
    location: { origin: 'https://boon.example' },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url: string) => opened.push(url),
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  installPushHandlers(scope as unknown as Parameters<typeof installPushHandlers>[0]);
  const fire = async (type: string, event: Record<string, unknown>) => {
    const work: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => work.push(p) });
    await Promise.all(work);
  };
  return { fire, shown, opened, navigated, clients };
};

const push = (payload: unknown) => ({ data: { json: () => payload } });

describe('the service worker’s push handlers', () => {
  it('show a push as a notification, tagged so a repeat replaces it', async () => {
    const scope = fakeScope();
    await scope.fire(
      'push',
      push({ title: 'Daily Question', body: 'Waiting for you.', tag: 'reminder-x', url: '/home' }),
    );
    expect(scope.shown).toEqual([
      {
        title: 'Daily Question',
        options: expect.objectContaining({
          body: 'Waiting for you.',
          tag: 'reminder-x',
          data: { url: '/home' },
        }),
      },
    ]);
  });

  it('still show something for an unreadable or empty push (a push must be seen)', async () => {
    const scope = fakeScope();
    await scope.fire('push', { data: null });
    await scope.fire('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    expect(scope.shown.map((s) => s.title)).toEqual(['Boon', 'Boon']);
  });

  it('open where a tap leads: in a Boon window already open, else a new one', async () => {
    const none = fakeScope();
    await none.fire('notificationclick', {
      notification: { data: { url: '/responses/3' }, close: () => undefined },
    });
    expect(none.opened).toEqual(['/responses/3']);

    const open = fakeScope([
      { url: 'https://elsewhere.example/' },
      { url: 'https://boon.example/home', focused: true },
    ]);
    await open.fire('notificationclick', {
      notification: { data: { url: '/responses/3' }, close: () => undefined },
    });
    expect(open.navigated).toEqual(['https://boon.example/responses/3']);
    expect(open.clients[1]!.focus).toHaveBeenCalled();
    expect(open.opened).toEqual([]);
  });

  it('never lead to another origin, whatever a payload says', async () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 42, null]) {
      expect(safePath(url)).toBe('/');
    }
    expect(messageOf(push({ title: 'x', url: 'javascript:alert(1)' }).data).url).toBe('/');
    const scope = fakeScope();
    await scope.fire('notificationclick', {
      notification: { data: { url: 'https://evil.example/' }, close: () => undefined },
    });
    expect(scope.opened).toEqual(['/']);
  });
});
