import { useSyncExternalStore } from 'react';
import type { SessionDto, UserDto } from '../../domain/contracts/auth';
import { readLocal, writeLocal } from './device-identity';

/**
 * The signed-in session, kept in localStorage so every tab shares it. Access tokens are
 * short-lived: a tick every 30 s refreshes the session when 90 s or less remain. Tabs take
 * turns refreshing (a Web Lock), because presenting a refresh token another tab already
 * exchanged would end the session everywhere.
 */
const SESSION_KEY = 'boon-auth-session';
const TICK_MS = 30_000;
const REFRESH_MARGIN_S = 90;
const FIRST_RETRY_MS = 200;

export type Session = SessionDto;
export type AuthState = { loading: boolean; session: Session | null };

const parse = (raw: string | null): Session | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Session;
    return typeof value.access_token === 'string' && typeof value.refresh_token === 'string'
      ? value
      : null;
  } catch {
    return null;
  }
};

let state: AuthState = { loading: true, session: parse(readLocal(SESSION_KEY)) };
const listeners = new Set<() => void>();
const emit = (next: AuthState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

export const currentSession = () => state.session;

export const storeSession = (session: Session | null) => {
  writeLocal(SESSION_KEY, session ? JSON.stringify(session) : null);
  emit({ loading: false, session });
};

export const updateSessionUser = (user: UserDto) => {
  if (state.session) storeSession({ ...state.session, user });
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A refresh the server answered with anything but a passing fault ends the session; network
 * failures and 502/503/504 (and 429) are retried, as the spec's retryable fetch errors.
 */
class RefreshRefused extends Error {}
const RETRYABLE = new Set([429, 502, 503, 504]);

const exchange = async (refreshToken: string): Promise<Session> => {
  const response = await fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'include',
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (RETRYABLE.has(response.status)) throw new Error(`${response.status}: ${response.statusText}`);
  if (!response.ok) throw new RefreshRefused();
  return (await response.json()) as Session;
};

const withRefreshLock = async <T>(work: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('boon-session-refresh', work)
    : work();

let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** Refreshes when the access token is about to lapse; another tab's fresh session is adopted. */
export const refreshIfDue = async (force = false): Promise<void> => {
  const held = state.session;
  if (!held) return;
  await withRefreshLock(async () => {
    const stored = parse(readLocal(SESSION_KEY));
    if (!stored) return emit({ loading: false, session: null });
    const due = force || stored.expires_at - nowSeconds() <= REFRESH_MARGIN_S;
    if (stored.refresh_token !== held.refresh_token || !due) {
      return emit({ loading: false, session: stored });
    }
    try {
      storeSession(await exchange(stored.refresh_token));
      retryDelay = FIRST_RETRY_MS;
    } catch (error) {
      if (error instanceof RefreshRefused) return storeSession(null);
      // Retryable (network, 5xx): try again soon, backing off up to the tick.
      emit({ loading: false, session: stored });
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void refreshIfDue(), retryDelay);
      retryDelay = Math.min(retryDelay * 2, TICK_MS);
    }
  });
};

let started = false;
/** Reads the first session, then keeps it fresh and in step with other tabs. */
export const startSessionKeeper = () => {
  if (started) return;
  started = true;
  void refreshIfDue().finally(() => {
    if (state.loading) emit({ ...state, loading: false });
  });
  setInterval(() => void refreshIfDue(), TICK_MS);
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) {
      emit({ loading: false, session: parse(readLocal(SESSION_KEY)) });
    }
  });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAuth = (): AuthState => useSyncExternalStore(subscribe, () => state);
