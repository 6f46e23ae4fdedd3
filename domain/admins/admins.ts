import { Map as ImmutableMap, Set as ImmutableSet } from 'immutable';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/errors';

/** Who the admins are, in one stream: few, and the last one must never be removed. */
export const ADMIN_ACCOUNTS_STREAM = 'admin-accounts';

export const ADMIN_USERNAME = /^[A-Za-z0-9._-]{3,32}$/;

type Acting = {
  /** The admin from configuration (the first admin), when one is configured. */
  configured: string | null;
  by: string;
  at: Date;
};
export type AddAdmin = Acting & { type: 'AddAdmin'; username: string; passwordHash: string };
export type RemoveAdmin = Acting & { type: 'RemoveAdmin'; username: string };
export type AdminAccountCommand = AddAdmin | RemoveAdmin;

export type AdminAccountEvent = EventOfType<'AdminAdded'> | EventOfType<'AdminRemoved'>;

export type AdminAccountsState = {
  /** Admins added by admins, with their password hashes. */
  added: ImmutableMap<string, string>;
  /** Removed usernames (the configured admin included, once removed). */
  removed: ImmutableSet<string>;
};

const evolve = (state: AdminAccountsState, event: AdminAccountEvent): AdminAccountsState =>
  event.type === 'AdminAdded'
    ? {
        added: state.added.set(event.data.username, event.data.passwordHash),
        removed: state.removed.delete(event.data.username),
      }
    : {
        added: state.added.delete(event.data.username),
        removed: state.removed.add(event.data.username),
      };

/** Every admin who may sign in: the configured one (unless removed) and those added. */
export const activeAdmins = (state: AdminAccountsState, configured: string | null): string[] => [
  ...(configured !== null && !state.removed.has(configured) && !state.added.has(configured)
    ? [configured]
    : []),
  ...state.added.keys(),
];

/** A new admin's name: well formed and not an admin's already. */
export const assertCanAdd = (
  state: AdminAccountsState,
  configured: string | null,
  username: string,
) => {
  if (!ADMIN_USERNAME.test(username)) {
    throw invalid(
      'username',
      'Invalid username',
      'Use 3 to 32 letters, digits, dots, dashes or underscores.',
    );
  }
  if (activeAdmins(state, configured).includes(username)) {
    throw conflict('Admin exists', `${username} is an admin already.`, 'username');
  }
};

const decide = (command: AdminAccountCommand, state: AdminAccountsState): AdminAccountEvent[] => {
  const { username, by, configured } = command;
  const at = command.at.toISOString();
  const admins = activeAdmins(state, configured);
  if (command.type === 'AddAdmin') {
    assertCanAdd(state, configured, username);
    return [{ type: 'AdminAdded', data: { username, passwordHash: command.passwordHash, by, at } }];
  }
  if (!admins.includes(username)) throw notFound('Admin not found', `${username} is not an admin.`);
  if (username === by) throw conflict('Not yourself', 'You cannot remove yourself.');
  if (admins.length <= 1) throw conflict('Last admin', 'The last admin cannot be removed.');
  return [{ type: 'AdminRemoved', data: { username, by, at } }];
};

export const adminAccountsDecider: Decider<
  AdminAccountCommand,
  AdminAccountEvent,
  AdminAccountsState
> = {
  initialState: () => ({ added: ImmutableMap(), removed: ImmutableSet() }),
  evolve,
  decide,
};

/** Bound to the stream its commands address. */
export const adminAccounts = commandHandler(adminAccountsDecider, () => ADMIN_ACCOUNTS_STREAM);
