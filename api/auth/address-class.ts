import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { AddressClass } from '../../domain/admins/events';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Networks no one reaches from the internet: private (RFC 1918, RFC 4193), shared, link-local. */
const private_ = new BlockList();
private_.addSubnet('10.0.0.0', 8, 'ipv4');
private_.addSubnet('172.16.0.0', 12, 'ipv4');
private_.addSubnet('192.168.0.0', 16, 'ipv4');
private_.addSubnet('100.64.0.0', 10, 'ipv4');
private_.addSubnet('169.254.0.0', 16, 'ipv4');
private_.addSubnet('fc00::', 7, 'ipv6');
private_.addSubnet('fe80::', 10, 'ipv6');

/**
 * The kind of network an address belongs to: what an audit may say about who tried, without
 * the address itself. IPv4 written as IPv6 (`::ffff:10.0.0.1`) counts as the IPv4 address.
 */
export const addressClassOf = (address: string | undefined): AddressClass => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address ?? '')?.[1];
  const ip = mapped ?? address ?? '';
  const family = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : null;
  if (family === null) return 'public';
  if (loopback.check(ip, family)) return 'loopback';
  if (private_.check(ip, family)) return 'private';
  return 'public';
};
