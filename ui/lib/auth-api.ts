import { useQueryClient } from '@tanstack/react-query';
import type { CheckInboxDto, SessionDto, UserDto } from '../../domain/contracts/auth';
import { api } from './api-client';
import { KNOWN_BROWSER_KEY, readLocal, startFreshDevice, writeLocal } from './device-identity';
import { currentSession, storeSession, updateSessionUser } from './session';

/** Keeps the session, and the known-browser token it carries (kept apart: it outlives it). */
export const signedIn = ({ known_browser_token, ...session }: SessionDto) => {
  if (known_browser_token) writeLocal(KNOWN_BROWSER_KEY, known_browser_token);
  storeSession(session);
  return session;
};

export const resendLink = (email: string) =>
  api<CheckInboxDto>('/api/auth/resend', { method: 'POST', body: { email } });

export const recoverPassword = (email: string) =>
  api<CheckInboxDto>('/api/auth/recover', { method: 'POST', body: { email } });

export const signIn = async (email: string, password: string) => {
  const knownBrowser = readLocal(KNOWN_BROWSER_KEY);
  return signedIn(
    await api<SessionDto>('/api/auth/signin', {
      method: 'POST',
      body: { email, password, ...(knownBrowser ? { known_browser_token: knownBrowser } : {}) },
    }),
  );
};

/** Ends the session here and makes the browser a fresh anonymous device. */
export const signOut = async () => {
  const session = currentSession();
  // Whoever uses this browser next must not get the account's pushes on their lock screen.
  // (The push code is asked for here, when signing out: no page needs it before.)
  if (session) {
    await import('./push-device')
      .then((push) => push.unsubscribeThisDevice())
      .catch(() => undefined);
  }
  storeSession(null);
  startFreshDevice();
  if (!session) return;
  try {
    await api('/api/auth/signout', { method: 'POST', token: session.access_token });
  } catch (error) {
    // The local session is gone either way; an expired token simply cannot be revoked twice.
    console.warn('Sign-out could not reach the server', error);
  }
};

/**
 * Sign-out for components: nothing cached for the identity that left is shown to the fresh
 * device (its queries start over, asking as the new device).
 */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    void queryClient.resetQueries();
  };
};

/** A new password from a mailed link; every session ended, this browser's included. */
export const resetPassword = async (token: string, password: string) => {
  await api<{ message: string }>('/api/auth/reset', { method: 'POST', body: { token, password } });
  if (currentSession()) {
    storeSession(null);
    startFreshDevice();
  }
};

/** After setup: the account takes this device's pseudonym as display name, confirmed. */
export const confirmAccount = async (displayName: string) => {
  const { user } = await api<{ user: UserDto }>('/api/auth/user', {
    method: 'PATCH',
    body: { data: { display_name: displayName, confirmed: true } },
  });
  updateSessionUser(user);
  return user;
};
