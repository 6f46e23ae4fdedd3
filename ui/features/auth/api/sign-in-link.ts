import type { CheckInboxDto, SessionDto } from '../../../../domain/contracts/auth';
import { api } from '../../../lib/api-client';
import { signedIn } from '../../../lib/auth-api';

/**
 * Asks for a one-time sign-in link by mail: the way in when guessing elsewhere has throttled
 * the account. The same answer whatever the address.
 */
export const requestSignInLink = (email: string) =>
  api<CheckInboxDto>('/api/auth/signin-link', { method: 'POST', body: { email } });

/** Follows the mailed sign-in link: signed in once, and this browser known from now on. */
export const signInByLink = async (token: string) =>
  signedIn(await api<SessionDto>('/api/auth/signin-link/use', { method: 'POST', body: { token } }));
