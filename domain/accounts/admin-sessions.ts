import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { AdminEvent } from './events';
import { assertOpenLink, withLink, type OpenLink } from './one-time-links';

/** The audit trail of one admin's sign-ins and sign-outs, and the sign-in links made for them. */
export const adminStreamId = (username: string) => `admin-${encodeURIComponent(username)}`;

/**
 * An admin's one-time sign-in link, made on the server's machine: short-lived, since whoever
 * holds it is in.
 */
export const ADMIN_SIGN_IN_LINK_TTL_MS = 15 * 60_000;

type SignIn = { sessionId: string; username: string; at: Date };

export type AdminCommand =
  | (SignIn & { type: 'SignInAdmin' })
  /** Signs in by a sign-in link (`tokenHash`: the SHA-256 of its secret), spending it. */
  | (SignIn & { type: 'SignInAdminByLink'; tokenHash: string })
  | { type: 'IssueAdminSignInLink'; username: string; tokenHash: string; at: Date }
  | { type: 'SignOutAdmin'; sessionId: string; username: string; at: Date };

export type AdminState = { open: ReadonlySet<string>; links: readonly OpenLink[] };

export const adminDecider: Decider<AdminCommand, AdminEvent, AdminState> = {
  initialState: () => ({ open: new Set(), links: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'AdminSignedIn': {
        const spent = event.data.linkTokenHash;
        return {
          open: new Set(state.open).add(event.data.sessionId),
          links: spent ? state.links.filter((l) => l.tokenHash !== spent) : state.links,
        };
      }
      case 'AdminSignedOut': {
        const open = new Set(state.open);
        open.delete(event.data.sessionId);
        return { ...state, open };
      }
      case 'AdminSignInLinkIssued': {
        const link = {
          tokenHash: event.data.tokenHash,
          expiresAt: Date.parse(event.data.expiresAt),
        };
        return { ...state, links: withLink(state.links, link, Date.parse(event.data.at)) };
      }
    }
  },
  decide: (command, state) => {
    const at = command.at.toISOString();
    switch (command.type) {
      case 'SignInAdmin':
      case 'SignInAdminByLink': {
        const byLink = command.type === 'SignInAdminByLink';
        if (byLink) assertOpenLink(state.links, command.tokenHash, command.at);
        return [
          {
            type: 'AdminSignedIn',
            data: {
              sessionId: command.sessionId,
              username: command.username,
              method: byLink ? 'link' : 'password',
              linkTokenHash: byLink ? command.tokenHash : null,
              at,
            },
          },
        ];
      }
      case 'IssueAdminSignInLink':
        return [
          {
            type: 'AdminSignInLinkIssued',
            data: {
              username: command.username,
              tokenHash: command.tokenHash,
              expiresAt: new Date(command.at.getTime() + ADMIN_SIGN_IN_LINK_TTL_MS).toISOString(),
              at,
            },
          },
        ];
      case 'SignOutAdmin':
        if (!state.open.has(command.sessionId)) return [];
        return [{ type: 'AdminSignedOut', data: { sessionId: command.sessionId, at } }];
    }
  },
};

/** Bound to the stream its commands address. */
export const adminSessions = commandHandler(adminDecider, (c) => adminStreamId(c.username));
