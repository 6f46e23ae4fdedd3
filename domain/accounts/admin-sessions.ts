import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { AdminEvent } from './events';

/** The audit trail of one admin's sign-ins and sign-outs. */
export const adminStreamId = (username: string) => `admin-${encodeURIComponent(username)}`;

export type AdminCommand =
  | { type: 'SignInAdmin'; sessionId: string; username: string; at: Date }
  | { type: 'SignOutAdmin'; sessionId: string; username: string; at: Date };

export type AdminState = { open: ReadonlySet<string> };

export const adminDecider: Decider<AdminCommand, AdminEvent, AdminState> = {
  initialState: () => ({ open: new Set() }),
  evolve: (state, event) => {
    const open = new Set(state.open);
    if (event.type === 'AdminSignedIn') open.add(event.data.sessionId);
    else open.delete(event.data.sessionId);
    return { open };
  },
  decide: (command, state) => {
    const at = command.at.toISOString();
    if (command.type === 'SignInAdmin') {
      return [
        {
          type: 'AdminSignedIn',
          data: { sessionId: command.sessionId, username: command.username, at },
        },
      ];
    }
    if (!state.open.has(command.sessionId)) return [];
    return [{ type: 'AdminSignedOut', data: { sessionId: command.sessionId, at } }];
  },
};

/** Bound to the stream its commands address. */
export const adminSessions = commandHandler(adminDecider, (c) => adminStreamId(c.username));
