import { invalid } from '../shared/errors';

/** A link mailed to prove an address: a day, so a person can open it after work. */
export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60_000;
/** A password-reset link: short, since it hands over the account. */
export const RESET_LINK_TTL_MS = 30 * 60_000;
/**
 * A sign-in link (the way in of an owner whom guessing elsewhere has throttled): shorter
 * still, and the longest any mail cap's window may be, so a capped recipient always holds a
 * link mailed within it that still works.
 */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** Links kept open per purpose: a resend does not kill the mail still on its way. */
export const OPEN_LINKS_KEPT = 5;

export type OpenLink = { tokenHash: string; expiresAt: number };

export const linkExpired = () =>
  invalid(
    'token',
    'Link expired or already used',
    'This link has expired or was already used. Ask for a new one.',
  );

export const linkAlreadyUsed = () =>
  invalid(
    'token',
    'Link already used',
    'This link was already used. Sign in with your email and password.',
  );

/** Keeps the newest links, and no expired one. */
export const withLink = (links: readonly OpenLink[], link: OpenLink, now: number) =>
  [...links.filter((l) => l.expiresAt > now), link].slice(-OPEN_LINKS_KEPT);

/** Throws unless `tokenHash` is one of the open links at `at`. */
export const assertOpenLink = (links: readonly OpenLink[], tokenHash: string, at: Date) => {
  const link = links.find((l) => l.tokenHash === tokenHash);
  if (!link || link.expiresAt <= at.getTime()) throw linkExpired();
};
