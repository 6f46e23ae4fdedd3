import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { invalid } from '../../domain/shared/errors';

/**
 * Where the server may send a push: `https` on a public host. A browser's subscription names
 * any URL its push service likes, so a hostile one could aim the server at the machine it runs
 * on, the private network behind it, or a cloud's metadata service (SSRF). The host is checked
 * after DNS resolution, and the request then goes to the address that was checked (pinned), so
 * a name that resolves elsewhere a moment later (DNS rebinding) gains nothing; redirects are
 * never followed.
 */
export type EndpointPolicy = {
  /** Test-only (PUSH_TEST_ENDPOINTS=loopback): `http://127.0.0.1:*` too, for the test peer. */
  loopbackHttp: boolean;
};

/** An endpoint that may be sent to, and the address its connection must go to. */
export type CheckedEndpoint = { url: URL; address: string; family: 4 | 6 };

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** Addresses that are not a public host on the internet (RFC 6890's special-purpose blocks). */
const notPublicV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // this network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  notPublicV4.addSubnet(network, prefix, 'ipv4');
}
// A list of its own: one list would also hold IPv4 addresses against the mapped block below.
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  // IPv4 carried in IPv6 (mapped, NAT64, 6to4) could reach any IPv4 address: no push service
  // needs them, so they are refused whatever they carry.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254, a cloud's metadata, is one)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublicV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is a public host's: nothing special-purpose, however it is written. */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  return family === 6 && !notPublicV6.check(address, 'ipv6');
};

const refused = (detail: string) => invalid('endpoint', 'Endpoint refused', `endpoint ${detail}`);

/** Checks the URL and its host's every address; the answer says where to connect. */
export const checkEndpoint = async (
  raw: string,
  policy: EndpointPolicy,
  resolve: Resolve = systemResolve,
): Promise<CheckedEndpoint> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('must be a URL');
  }
  if (url.username || url.password) throw refused('must not carry a user name or password');
  if (url.protocol === 'http:' && policy.loopbackHttp && url.hostname === '127.0.0.1') {
    return { url, address: '127.0.0.1', family: 4 };
  }
  if (url.protocol !== 'https:') throw refused('must be an https URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw refused('must be on a host that resolves');
    }
  }
  // Every address must be public: a name that also resolves to a private one is refused.
  if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address))) {
    throw refused('must be on a public host');
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
};
