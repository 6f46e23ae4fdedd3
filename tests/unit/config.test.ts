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

  it('holds one client address to a share of the /ws sockets, below every connection', () => {
    expect(loadConfig({}).liveSocketsPerAddress).toBe(256);
    expect(loadConfig({ MAX_CONNECTIONS: '200' }).liveSocketsPerAddress).toBe(50);
    expect(loadConfig({ LIVE_SOCKETS_PER_ADDRESS: '8', MAX_CONNECTIONS: '16' })).toMatchObject({
      liveSocketsPerAddress: 8,
      maxConnections: 16,
    });
    for (const env of [
      { LIVE_SOCKETS_PER_ADDRESS: '16', MAX_CONNECTIONS: '16' },
      { LIVE_SOCKETS_PER_ADDRESS: '300', MAX_CONNECTIONS: '200' },
      { LIVE_SOCKETS_PER_ADDRESS: '0' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(/LIVE_SOCKETS_PER_ADDRESS/);
    }
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

  it('reads the push settings: a VAPID pair or none, a contact, and the test peer never in production', () => {
    expect(loadConfig({}).push).toEqual({
      vapid: undefined,
      subject: 'mailto:no-reply@localhost',
      loopbackEndpoints: false,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://boon.example.org/' }).push.subject).toBe(
      'https://boon.example.org',
    );
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'A'.repeat(43);
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'mailto:ops@boon.example.org',
        PUSH_TEST_ENDPOINTS: 'loopback',
      }).push,
    ).toEqual({
      vapid: { publicKey, privateKey },
      subject: 'mailto:ops@boon.example.org',
      loopbackEndpoints: true,
    });
    for (const env of [
      { VAPID_PUBLIC_KEY: publicKey },
      { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey },
      { VAPID_SUBJECT: 'ops@boon.example.org' },
      { PUSH_TEST_ENDPOINTS: 'everywhere' },
      { PUSH_TEST_ENDPOINTS: 'loopback', NODE_ENV: 'production' },
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
