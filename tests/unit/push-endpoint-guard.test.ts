import { describe, expect, it } from 'vitest';
import { checkEndpoint, isPublicAddress, type Resolve } from '../../api/push/endpoint-guard';
import { DomainError } from '../../domain/shared/errors';

const resolvesTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const production = { loopbackHttp: false };

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).field).toBe('endpoint');
  return (error as DomainError).message;
};

describe('which addresses count as a public host', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2001:db8::1',
    '::127.0.0.1',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.74.10',
    '8.8.8.8',
    '172.32.0.1',
    '2a00:1450:4001:82b::200a',
    '2606:4700::1111',
  ])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('an endpoint the server may send to', () => {
  it('is https on a host whose every address is public, pinned to the first', async () => {
    const checked = await checkEndpoint(
      'https://fcm.googleapis.com/fcm/send/abc',
      production,
      resolvesTo('142.250.74.10', '2a00:1450:4001:82b::200a'),
    );
    expect(checked).toMatchObject({ address: '142.250.74.10', family: 4 });
    expect(checked.url.hostname).toBe('fcm.googleapis.com');
  });

  it('is refused with a 400 naming endpoint when it is not https, or carries credentials', async () => {
    expect(
      await refusal(checkEndpoint('http://push.example/x', production, resolvesTo('8.8.8.8'))),
    ).toMatch(/https/);
    expect(await refusal(checkEndpoint('ftp://push.example/x', production))).toMatch(/https/);
    expect(await refusal(checkEndpoint('not a url', production))).toMatch(/URL/);
    expect(
      await refusal(
        checkEndpoint('https://user:pw@push.example/x', production, resolvesTo('8.8.8.8')),
      ),
    ).toMatch(/user name/);
  });

  it('is refused when its name resolves (even partly) to a private, loopback, link-local or metadata address', async () => {
    for (const addresses of [
      ['127.0.0.1'],
      ['10.0.0.5'],
      ['169.254.169.254'],
      ['8.8.8.8', '192.168.0.1'],
      ['::1'],
      ['::ffff:10.0.0.1'],
      [],
    ]) {
      expect(
        await refusal(
          checkEndpoint('https://rebind.example/x', production, resolvesTo(...addresses)),
        ),
      ).toMatch(/public host/);
    }
  });

  it('is refused when it names a private address itself, however written', async () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[0:0:0:0:0:ffff:a9fe:a9fe]/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      expect(await refusal(checkEndpoint(url, production, resolvesTo('8.8.8.8')))).toMatch(
        /public host/,
      );
    }
  });

  it('is refused when its host does not resolve', async () => {
    const failing: Resolve = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await refusal(checkEndpoint('https://nowhere.invalid/x', production, failing))).toMatch(
      /resolves/,
    );
  });

  it('may be http://127.0.0.1 only with the test peer allowed, and nothing else loopback', async () => {
    expect(await refusal(checkEndpoint('http://127.0.0.1:4999/push/1', production))).toMatch(
      /https/,
    );
    const test = { loopbackHttp: true };
    expect(await checkEndpoint('http://127.0.0.1:4999/push/1', test)).toMatchObject({
      address: '127.0.0.1',
    });
    expect(await refusal(checkEndpoint('http://localhost:4999/push/1', test))).toMatch(/https/);
    expect(await refusal(checkEndpoint('http://10.0.0.1:4999/push/1', test))).toMatch(/https/);
    expect(await refusal(checkEndpoint('https://127.0.0.1:4999/push/1', test))).toMatch(
      /public host/,
    );
  });
});
