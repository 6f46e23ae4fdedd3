import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../infra/auth/tokens';

const key = randomBytes(32);
const claims = { sub: 'acct-1', sid: 'fam', role: 'authenticated', iat: 1_000, exp: 1_900 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens', () => {
  it('verifies its own tokens until they expire', async () => {
    const token = await signToken(key, claims);
    expect(await verifyToken(key, token, 1_500)).toMatchObject(claims);
    expect(await verifyToken(key, token, 1_900)).toBeNull();
  });

  it('refuses another key, tampered claims, alg none and garbage', async () => {
    const token = await signToken(key, claims);
    expect(await verifyToken(randomBytes(32), token, 1_500)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    expect(await verifyToken(key, forged, 1_500)).toBeNull();
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(await verifyToken(key, unsigned, 1_500)).toBeNull();
    expect(await verifyToken(key, 'not.a.token', 1_500)).toBeNull();
    expect(await verifyToken(key, '', 1_500)).toBeNull();
  });
});
