import type { AdminLoginDto, AdminVerifyDto } from '../../../domain/contracts/auth';
import { api, apiPage } from '../../lib/api-client';
import { adminToken, storeAdminToken } from '../../lib/admin-token';
import { ADMIN_KNOWN_BROWSER_KEY, readLocal, writeLocal } from '../../lib/device-identity';
import { isUnreachable } from '../../lib/registration';

/** Admin calls always carry the admin token, even when a member session exists too. */
export const adminApi = <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
  const token = adminToken();
  return api<T>(path, token ? { ...init, token } : init);
};

/** A page of an admin list, with the admin token. */
export const adminPage = <T>(path: string) => {
  const token = adminToken();
  return apiPage<T>(path, token ? { token } : {});
};

/** Sends this browser's known-browser token, so guessing from elsewhere never locks it out. */
export const logIn = async (username: string, password: string) => {
  const knownBrowser = readLocal(ADMIN_KNOWN_BROWSER_KEY);
  const result = await api<AdminLoginDto>('/api/admin/login', {
    method: 'POST',
    body: { username, password, ...(knownBrowser ? { known_browser_token: knownBrowser } : {}) },
  });
  storeAdminToken(result.token);
  writeLocal(ADMIN_KNOWN_BROWSER_KEY, result.known_browser_token);
  return result;
};

/** What the token check found: an admin, a refusal, or no answer (offline, server failing). */
export type AdminCheck = AdminVerifyDto | 'refused' | 'unreachable';

/**
 * Whether the kept token is still an admin's. Only the server's refusal removes the token: a
 * network blip or a failing server during the check says so and leaves the admin signed in.
 */
export const verifyAdmin = async (): Promise<AdminCheck> => {
  if (!adminToken()) return 'refused';
  try {
    return await adminApi<AdminVerifyDto>('/api/admin/verify');
  } catch (error) {
    if (isUnreachable(error)) return 'unreachable';
    storeAdminToken(null);
    return 'refused';
  }
};

export const logOut = async () => {
  try {
    await adminApi('/api/admin/logout', { method: 'POST' });
  } finally {
    storeAdminToken(null);
  }
};
