import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Why an address is refused as a target of a server-side request; `null` from the classifier means public. */
export type InternalAddressKind =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'shared' | 'multicast' | 'reserved' | 'invalid';

const V4: readonly [string, number, InternalAddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['169.254.0.0', 16, 'link-local'], // includes the cloud metadata service 169.254.169.254
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['198.18.0.0', 15, 'reserved'], // benchmarking, often used inside networks
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // includes the broadcast address 255.255.255.255
];

const V6: readonly [string, number, InternalAddressKind][] = [
  ['fc00::', 7, 'private'], // unique local
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // deprecated site-local
  ['ff00::', 8, 'multicast'],
  ['100::', 64, 'reserved'], // discard-only
];

function blockList(ranges: readonly [string, number, InternalAddressKind][], family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
}

const V4_LISTS = blockList(V4, 'ipv4');
const V6_LISTS = blockList(V6, 'ipv6');

/**
 * Classifies an IP address (v4 or v6, without brackets) as internal, or `null` for a public address. IPv6 forms
 * that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that
 * IPv4 address; the IPv4-compatible range ::/96 (with :: and ::1) is internal. Anything unparsable is 'invalid'.
 */
export function classifyAddress(address: string): InternalAddressKind | null {
  if (isIPv4(address)) return classifyV4(address);
  const withoutZone = address.replace(/%.*$/, '');
  if (!isIPv6(withoutZone)) return 'invalid';
  const words = ipv6Words(withoutZone);
  if (!words) return 'invalid';
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words;
  if (w0 === 0 && w1 === 0 && w2 === 0 && w3 === 0 && w4 === 0) {
    if (w5 === 0xffff) return classifyV4(v4Of(w6, w7)); // IPv4-mapped
    if (w5 === 0) {
      if (w6 === 0 && w7 === 0) return 'unspecified';
      if (w6 === 0 && w7 === 1) return 'loopback';
      return 'reserved'; // deprecated IPv4-compatible addresses
    }
  }
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0)
    return classifyV4(v4Of(w6, w7)); // NAT64
  if (w0 === 0x2002) return classifyV4(v4Of(w1, w2)); // 6to4
  const canonical = words.map((word) => word.toString(16)).join(':');
  for (const { list, kind } of V6_LISTS) if (list.check(canonical, 'ipv6')) return kind;
  return null;
}

export function isInternalAddress(address: string): boolean {
  return classifyAddress(address) !== null;
}

function classifyV4(address: string): InternalAddressKind | null {
  for (const { list, kind } of V4_LISTS) if (list.check(address, 'ipv4')) return kind;
  return null;
}

function v4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** the eight 16-bit words of a valid IPv6 address (a trailing dotted quad is allowed) */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 0 : missing !== 0) return null;
  const words = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}
