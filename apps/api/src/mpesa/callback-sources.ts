import { BlockList, isIP } from 'node:net';

/**
 * The addresses Safaricom's Daraja publishes for its callbacks (developer portal, "Getting started":
 * the IPs to whitelist for results and confirmations). MPESA_CALLBACK_IP_RANGES replaces the list.
 */
export const SAFARICOM_CALLBACK_IPS = [
  '196.201.214.200',
  '196.201.214.206',
  '196.201.213.114',
  '196.201.214.207',
  '196.201.214.208',
  '196.201.213.44',
  '196.201.212.127',
  '196.201.212.138',
  '196.201.212.129',
  '196.201.212.136',
  '196.201.212.74',
  '196.201.212.69',
] as const;

/** One entry of an address list: an IPv4 or IPv6 address, or a CIDR range of either. */
export function isAddressRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The entries of a comma-separated list of addresses and CIDR ranges, trimmed, empty ones dropped. */
export function splitAddressRanges(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * Whether a callback's source address is inside the configured ranges (CIDR matching; an IPv4
 * address written as IPv6, ::ffff:196.201.214.200, counts as the IPv4 one).
 */
export function addressMatcher(ranges: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of ranges) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(plain);
    if (family === 0) return false;
    return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
