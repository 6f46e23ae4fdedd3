import type { SessionDto, UserDto } from '../../domain/contracts/auth';
import { api } from './api-client';
import { currentSession, storeSession, updateSessionUser } from './session';

/** Member accounts: each call keeps the shared session store in step. */
export const signUp = async (email: string, password: string) => {
  const session = await api<SessionDto>('/api/auth/signup', {
    method: 'POST',
    body: { email, password, data: { confirmed: false } },
  });
  storeSession(session);
  return session;
};

export const signIn = async (email: string, password: string) => {
  const session = await api<SessionDto>('/api/auth/signin', {
    method: 'POST',
    body: { email, password },
  });
  storeSession(session);
  return session;
};

export const signOut = async () => {
  const session = currentSession();
  storeSession(null);
  if (!session) return;
  try {
    await api('/api/auth/signout', { method: 'POST', token: session.access_token });
  } catch (error) {
    // The local session is gone either way; an expired token simply cannot be revoked twice.
    console.warn('Sign-out could not reach the server', error);
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
