import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known without signing in again (each sign-in issues a new token). */
export const KNOWN_BROWSER_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const macOf = (key: Buffer, subject: string, body: string) =>
  createHmac('sha256', key).update(`${subject}\n${body}`, 'utf8').digest('base64url');

/**
 * OWASP's "device cookie": `nonce.issuedAt.mac`, where the MAC binds it to one subject
 * (an account or an admin). Nothing is stored; without the key nobody can make one.
 */
export const issueKnownBrowserToken = (key: Buffer, subject: string, nowSeconds: number) => {
  const body = `${randomBytes(16).toString('base64url')}.${nowSeconds.toString(36)}`;
  return `${body}.${macOf(key, subject, body)}`;
};

/**
 * The token's nonce (its identity, for counting its own failures) when it was issued for
 * `subject` and has not aged out; null for anything else.
 */
export const knownBrowserId = (
  key: Buffer,
  subject: string,
  token: string | undefined,
  nowSeconds: number,
): string | null => {
  const [nonce, issued, mac, ...rest] = token?.split('.') ?? [];
  if (!nonce || !issued || !mac || rest.length > 0) return null;
  const expected = Buffer.from(macOf(key, subject, `${nonce}.${issued}`), 'utf8');
  const presented = Buffer.from(mac, 'utf8');
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  const age = nowSeconds - parseInt(issued, 36);
  return age >= 0 && age <= KNOWN_BROWSER_MAX_AGE_SECONDS ? nonce : null;
};
