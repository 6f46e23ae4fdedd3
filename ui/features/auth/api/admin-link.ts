import type { AdminLoginDto } from '../../../../domain/contracts/auth';
import { storeAdminToken } from '../../../lib/admin-token';
import { api } from '../../../lib/api-client';
import { ADMIN_KNOWN_BROWSER_KEY, writeLocal } from '../../../lib/device-identity';

/**
 * Follows an admin's one-time sign-in link (made on the server's machine): the admin is
 * signed in, and this browser is known to their login from now on.
 */
export const adminSignInByLink = async (username: string, token: string) => {
  const result = await api<AdminLoginDto>('/api/admin/login/link', {
    method: 'POST',
    body: { username, token },
  });
  storeAdminToken(result.token);
  writeLocal(ADMIN_KNOWN_BROWSER_KEY, result.known_browser_token);
  return result;
};
