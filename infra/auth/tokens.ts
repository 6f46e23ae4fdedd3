import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type TokenClaims = { sub: string; exp: number; iat: number; [claim: string]: unknown };

/** A compact HS256 JWT (jose): signed, not encrypted, so it carries no personal data. */
export const signToken = (key: Buffer, claims: TokenClaims): Promise<string> =>
  new SignJWT(claims as JWTPayload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);

/**
 * The claims of a well-signed (HS256 only), unexpired token at `nowSeconds`; null for
 * anything else, never an exception.
 */
export const verifyToken = async (
  key: Buffer,
  token: string,
  nowSeconds: number,
): Promise<TokenClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload as TokenClaims;
  } catch {
    return null;
  }
};
