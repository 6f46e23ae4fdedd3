import { createHmac, timingSafeEqual } from 'node:crypto';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = encode({ alg: 'HS256', typ: 'JWT' });

export type TokenClaims = { sub: string; exp: number; iat: number; [claim: string]: unknown };

const signature = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(body).digest('base64url');

/** A compact HS256 JWT: signed, not encrypted, so it carries no personal data. */
export const signToken = (key: Buffer, claims: TokenClaims): string => {
  const body = `${HEADER}.${encode(claims)}`;
  return `${body}.${signature(key, body)}`;
};

/** The claims of a well-signed, unexpired token; null for anything else. */
export const verifyToken = (key: Buffer, token: string, nowSeconds: number): TokenClaims | null => {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(signature(key, `${parts[0]}.${parts[1]}`));
  const actual = Buffer.from(parts[2]!);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { sub, exp } = claims as Partial<TokenClaims>;
  if (typeof sub !== 'string' || typeof exp !== 'number' || exp <= nowSeconds) return null;
  return claims as TokenClaims;
};
