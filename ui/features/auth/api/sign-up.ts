import type { SessionDto, SignUpDto } from '../../../../domain/contracts/auth';
import { api } from '../../../lib/api-client';
import { signedIn } from '../../../lib/auth-api';
import { readLocal, writeLocal } from '../../../lib/device-identity';

/**
 * The sign-up token this browser keeps: with it, the mailed link completes the sign-up
 * started here, with the password chosen here. Any other browser chooses the password when
 * it follows the link.
 */
const SIGN_UP_TOKEN_KEY = 'boon-sign-up-token';

/** Email-first: no session yet, only a mail with a link (the same answer for a taken address). */
export const signUp = async (email: string, password: string) => {
  const started = await api<SignUpDto>('/api/auth/signup', {
    method: 'POST',
    body: { email, password, data: { confirmed: false } },
  });
  writeLocal(SIGN_UP_TOKEN_KEY, started.signup_token);
  return started;
};

/**
 * Follows the mailed link: the address is proven and the browser signed in. This browser's
 * sign-up token completes its own sign-up; without one that matches, the server asks for the
 * password (a refusal naming `password`), which the second call brings.
 */
export const verifyEmail = async (token: string, password?: string) => {
  const signUpToken = readLocal(SIGN_UP_TOKEN_KEY);
  const session = await api<SessionDto>('/api/auth/verify', {
    method: 'POST',
    body: {
      token,
      ...(signUpToken ? { signup_token: signUpToken } : {}),
      ...(password !== undefined ? { password } : {}),
    },
  });
  writeLocal(SIGN_UP_TOKEN_KEY, null);
  return signedIn(session);
};
