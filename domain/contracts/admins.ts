export type { AddAdminBody } from './schemas/admins';

export type AdminDto = {
  username: string;
  /** The first admin, from configuration. */
  configured: boolean;
  isYou: boolean;
};
