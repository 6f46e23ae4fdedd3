import type { Problem } from '../../domain/contracts/problem';
import { adminToken } from './admin-token';
import { deviceId } from './device-identity';
import { noteRead } from './offline/as-of';
import { CACHED_AT_HEADER } from './offline/contract';
import { currentSession } from './session';

/** A non-OK answer: its message is "status: text" (the spec's convention); the problem body rides along. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    text: string,
    readonly problem: Problem | null,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
  /** What a toast should say. */
  get detail(): string {
    return this.problem?.detail ?? this.message;
  }
}

/**
 * What a person is told when a request failed: the server's own reason, or that Boon could
 * not be reached (a fetch that never got an answer says only "Failed to fetch").
 */
export const failureText = (error: unknown): string =>
  error instanceof ApiError
    ? error.detail
    : 'Boon could not be reached. Check your connection and try again.';

/** The highest log position any command answered with: queries wait until read models reach it. */
let minPosition: bigint | null = null;

/**
 * Notes a command's answer: what is read next waits for its position. Also for an answer that
 * came another way (a write sent from the outbox, by another tab or by the service worker).
 */
export const rememberPosition = (body: unknown) => {
  const position = (body as { position?: unknown } | null)?.position;
  if (typeof position === 'string' && /^\d+$/.test(position)) {
    const value = BigInt(position);
    if (minPosition === null || value > minPosition) minPosition = value;
  }
};

type RequestInit = {
  method?: string;
  body?: unknown;
  token?: string;
  /** Cancels the request (a query's own signal). */
  signal?: AbortSignal;
  /** Gives up when the whole answer has not arrived within this time (a TimeoutError). */
  timeoutMs?: number;
};

/** The request's own signal: aborted by the caller's, or once `timeoutMs` has passed. */
const requestSignal = ({ signal, timeoutMs }: RequestInit) => {
  if (timeoutMs === undefined) return { signal, settle: () => undefined };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('No answer in time', 'TimeoutError')),
    timeoutMs,
  );
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    settle: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
};

type EarlyFetches = { boonEarlyFetches?: Record<string, Promise<Response>> };

/**
 * A GET the page's inline script started before any code arrived (index.html), taken once.
 * Only a successful answer is used: anything else (an expired token, no device yet) is asked
 * again the ordinary way.
 */
const earlyAnswer = async (path: string): Promise<Response | null> => {
  const early = (globalThis as EarlyFetches).boonEarlyFetches;
  const pending = early?.[path];
  if (!pending) return null;
  delete early[path];
  const response = await pending.catch(() => null);
  return response?.ok ? response : null;
};

/**
 * Boon answered from read models that had not yet reached the caller's own last write (they
 * waited READ_WAIT_MS for it, on a busy server): an answer that would show the person as if
 * their answer, echo or reply had not happened (Home's composer again after answering). Asked
 * again a few times before it is taken; never one a service worker served from what it kept.
 */
const behindOwnWrites = (response: Response) =>
  response.ok &&
  response.headers.get('X-Read-Model-Stale') === 'true' &&
  response.headers.get(CACHED_AT_HEADER) === null;
const STALE_RETRIES = 3;
const STALE_RETRY_MS = 250;

const request = async <T>(
  path: string,
  init: RequestInit = {},
): Promise<{ body: T; headers: Headers }> => {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { 'X-Device-ID': deviceId(), Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  // The member session's token, else the admin token when one is kept (the spec's order).
  const bearer = init.token ?? currentSession()?.access_token ?? adminToken();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (method === 'GET' && minPosition !== null) headers['X-Min-Position'] = minPosition.toString();
  const early = method === 'GET' && minPosition === null ? await earlyAnswer(path) : null;
  const { signal, settle } = requestSignal(init);
  let response: Response;
  let text: string;
  try {
    for (let attempt = 0; ; attempt++) {
      response =
        (attempt === 0 ? early : null) ??
        (await fetch(path, {
          method,
          headers,
          credentials: 'include',
          ...(signal ? { signal } : {}),
          ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        }));
      // The body is part of the answer the time limit covers.
      text = await response.text();
      if (!behindOwnWrites(response) || attempt === STALE_RETRIES || signal?.aborted) break;
      await new Promise((resolve) => setTimeout(resolve, STALE_RETRY_MS));
    }
  } finally {
    settle();
  }
  // Served by the service worker from what it kept (offline): the page says "as of" then.
  if (method === 'GET') noteRead(path, response.headers.get(CACHED_AT_HEADER));
  if (!response.ok) {
    let problem: Problem | null = null;
    try {
      problem = JSON.parse(text) as Problem;
    } catch {
      problem = null;
    }
    throw new ApiError(response.status, text || response.statusText, problem);
  }
  const body = text ? (JSON.parse(text) as T) : (undefined as T);
  if (method !== 'GET') rememberPosition(body);
  return { body, headers: response.headers };
};

export const api = async <T>(path: string, init: RequestInit = {}): Promise<T> =>
  (await request<T>(path, init)).body;

/** One page of a list: its items, where the next page is (null at the end), and the total. */
export type Page<T> = { items: T[]; next: string | null; total: number };

/** Fetches a page of a list the server pages (`Link: <…>; rel="next"`, `X-Total-Count`). */
export const apiPage = async <T>(
  path: string,
  init: Pick<RequestInit, 'token'> = {},
): Promise<Page<T>> => {
  const { body, headers } = await request<T[]>(path, init);
  const next = /<([^>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1] ?? null;
  return { items: body, next, total: Number(headers.get('x-total-count') ?? body.length) };
};

type PagedList<T> = { list: T[]; total: number };
const noPages: PagedList<never> = { list: [], total: 0 };
/** Each set of pages' list, made once: the query keeps unchanged pages as they are. */
const listsOf = new WeakMap<readonly Page<unknown>[], PagedList<unknown>>();

/**
 * A paged list's loaded pages as one list, with the total the first page gave. The same pages
 * give the same list (not a copy), so what is drawn from it can be kept while it is unchanged.
 */
export const pagedList = <T>(pages: readonly Page<T>[] | undefined): PagedList<T> => {
  if (!pages) return noPages;
  let paged = listsOf.get(pages) as PagedList<T> | undefined;
  if (!paged) {
    paged = { list: pages.flatMap((page) => page.items), total: pages[0]?.total ?? 0 };
    listsOf.set(pages, paged);
  }
  return paged;
};
