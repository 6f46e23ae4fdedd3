import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, rememberPosition } from '../../../ui/lib/api-client';
import { CACHED_AT_HEADER } from '../../../ui/lib/offline/contract';

/** Answers in turn, each as Boon would: a body and its headers. */
const answering = (...answers: { body: unknown; headers?: Record<string, string> }[]) => {
  const asked: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: { headers: Record<string, string> }) => {
      asked.push(new Headers(init.headers));
      const { body, headers = {} } = answers[Math.min(asked.length, answers.length) - 1]!;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    }),
  );
  return asked;
};
const stale = { 'X-Read-Model-Stale': 'true' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a read answered from read models behind the caller’s own write', () => {
  it('is asked again until Boon has caught up, with the same position', async () => {
    // No localStorage here: the device id lives in memory, and says so.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    rememberPosition({ position: '42' });
    const asked = answering(
      { body: { hasResponded: false }, headers: stale },
      { body: { hasResponded: false }, headers: stale },
      { body: { hasResponded: true } },
    );
    expect(await api('/api/user/has-responded')).toEqual({ hasResponded: true });
    expect(asked).toHaveLength(3);
    expect(asked.every((headers) => headers.get('X-Min-Position') === '42')).toBe(true);
  });

  it('is taken as it is after three more tries', async () => {
    const asked = answering({ body: { n: 1 }, headers: stale });
    expect(await api('/api/x')).toEqual({ n: 1 });
    expect(asked).toHaveLength(4);
  });

  it('is taken at once when the service worker served it from what it kept', async () => {
    vi.stubGlobal('window', { location: { pathname: '/home' } });
    const asked = answering({
      body: { n: 1 },
      headers: { ...stale, [CACHED_AT_HEADER]: new Date(0).toISOString() },
    });
    expect(await api('/api/x')).toEqual({ n: 1 });
    expect(asked).toHaveLength(1);
  });
});
