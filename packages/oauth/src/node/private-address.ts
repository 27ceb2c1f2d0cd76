import { BlockList, isIP } from 'node:net';

/** Addresses a metadata document fetch may never reach (outside dev mode): private, loopback, link-local, … */
export function privateAddresses(): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['2001:db8::', 32],
    ['64:ff9b::', 96],
    ['64:ff9b:1::', 48],
    ['2002::', 16],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
}

/** Whether `address` (an IP literal) is one a server-side fetch must not reach. IPv4-mapped IPv6 counts as IPv4. */
export function isPrivateAddress(address: string, list: BlockList): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return true; // not an address: refuse rather than guess
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return list.check(mapped[1] as string, 'ipv4');
  return list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
