import { readLocal, writeLocal } from './device-identity';

/** The one key the admin token lives under (the original also read 'admin_auth_token'). */
export const ADMIN_TOKEN_KEY = 'adminToken';

export const adminToken = () => readLocal(ADMIN_TOKEN_KEY);
export const storeAdminToken = (token: string | null) => writeLocal(ADMIN_TOKEN_KEY, token);
