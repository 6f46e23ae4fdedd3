import type { Request } from 'express';
import type { AppContext } from '../context';
import { addressOf } from './attempts';
import {
  LINK_MAILS_PER_RECIPIENT,
  LINK_MAILS_PER_RECIPIENT_FROM_ADDRESS,
  NOTICES_PER_RECIPIENT,
  type RateLimitRule,
} from './rate-limiter';

/**
 * What a mail to an address carries: a link (verification, reset, sign-in), counted per
 * recipient and requesting address and per recipient overall; or a notice, counted apart, so
 * notices a stranger causes never use up the links the owner needs.
 */
export type MailKind = 'link' | 'notice';

/**
 * Whether one more mail of `kind` may go to the address `emailHash` on this request, counting
 * it if so. Links are counted separately while the address waits for its proof and once it
 * is proven: links that proved the address never hold up the first reset or sign-in link.
 */
export const mayMail = (
  ctx: AppContext,
  req: Request,
  emailHash: string,
  proven: boolean,
  kind: MailKind,
) => {
  const recipient = `mail-to:${emailHash}:${proven ? 'proven' : 'pending'}`;
  const limits: { key: string; rule: RateLimitRule }[] =
    kind === 'notice'
      ? [{ key: `notice-to:${emailHash}`, rule: NOTICES_PER_RECIPIENT }]
      : [
          { key: recipient, rule: LINK_MAILS_PER_RECIPIENT },
          {
            key: `${recipient}:from:${addressOf(req)}`,
            rule: LINK_MAILS_PER_RECIPIENT_FROM_ADDRESS,
          },
        ];
  if (limits.some(({ key, rule }) => ctx.auth.limiter.retryAfter(key, rule) > 0)) return false;
  limits.forEach(({ key, rule }) => ctx.auth.limiter.recordFailure(key, rule));
  return true;
};
