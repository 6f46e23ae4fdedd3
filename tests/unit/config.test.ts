import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infra/config';

describe('configuration', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      eventStoreUrl: undefined,
      mongoDbUrl: undefined,
      admin: undefined,
    });
    expect(config.dayRules).toEqual({ timeZone: 'America/New_York', startHour: 3 });
  });

  it("takes the operator's addresses: privacy requests go to the contact address unless told otherwise", () => {
    expect(loadConfig({}).contact).toEqual({ email: null, privacyEmail: null });
    expect(loadConfig({ CONTACT_EMAIL: ' hello@boon.test ', PRIVACY_EMAIL: '' }).contact).toEqual({
      email: 'hello@boon.test',
      privacyEmail: 'hello@boon.test',
    });
    expect(
      loadConfig({ CONTACT_EMAIL: 'hello@boon.test', PRIVACY_EMAIL: 'dpo@boon.test' }).contact,
    ).toEqual({ email: 'hello@boon.test', privacyEmail: 'dpo@boon.test' });
    for (const [name, value] of [
      ['CONTACT_EMAIL', 'hello'],
      ['PRIVACY_EMAIL', 'mailto:dpo@boon.test'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });

  it('lists every invalid value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DAY_TIMEZONE: 'Mars/Olympus',
        DAY_START_HOUR: '25',
        EVENTSTORE_URL: 'http://x',
        ADMIN_USERNAME: 'root',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'DAY_TIMEZONE',
      'DAY_START_HOUR',
      'EVENTSTORE_URL',
      'ADMIN_PASSWORD',
    ])
      expect(text).toContain(name);
  });

  it('reads where mail goes, and where its links point', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Boon <no-reply@localhost>',
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:pass@mail.example.org:465',
        MAIL_FROM: 'Boon <hello@boon.example.org>',
        PUBLIC_URL: 'https://boon.example.org/',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.org:465',
      mailFrom: 'Boon <hello@boon.example.org>',
      publicUrl: 'https://boon.example.org',
    });
  });

  it('reads the auth settings and the proxies to trust', () => {
    // No forwarding header is believed unless TRUST_PROXY says whose.
    expect(loadConfig({})).toMatchObject({ accessTokenSeconds: 900, trustProxy: false });
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(
      loadConfig({
        TRUST_PROXY: '2',
        ACCESS_TOKEN_TTL_SECONDS: '300',
        AUTH_SECRET: 'x'.repeat(32),
      }),
    ).toMatchObject({ trustProxy: 2, accessTokenSeconds: 300, authSecret: 'x'.repeat(32) });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    for (const env of [
      { TRUST_PROXY: 'everyone!' },
      { SMTP_URL: 'http://mail.example.org' },
      { PUBLIC_URL: 'boon.example.org' },
      { AUTH_SECRET: 'short' },
      { ACCESS_TOKEN_TTL_SECONDS: '5' },
      { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('stops start-up with the message and exit code 2', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      env: { ...process.env, DAY_TIMEZONE: 'Nowhere/Special', PORT: '1' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('DAY_TIMEZONE is not an IANA time zone');
  });
});
