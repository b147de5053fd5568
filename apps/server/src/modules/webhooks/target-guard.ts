import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Where a webhook may send: https only in production; public addresses only unless allowed. */
export interface TargetPolicy {
  httpsOnly: boolean;
  allowPrivate: boolean;
}

/** A target the server will not send to; its message goes to the delivery log and the 400's detail. */
export class TargetRefused extends Error {}

export interface ResolvedTarget {
  url: URL;
  /** The address checked, which the connection then uses (no second resolution to race with). */
  address: string;
  family: 4 | 6;
}

/**
 * Checks a webhook URL against the policy and resolves its host once. Every address the name resolves
 * to must be a public unicast one (ipaddr.js's ranges: loopback, private, link-local — which holds the
 * cloud metadata address 169.254.169.254 —, unique-local, carrier-grade NAT, reserved, multicast and
 * IPv4 inside IPv6 are refused), so a name that answers a public and a private address is refused too.
 */
export async function resolveTarget(rawUrl: string, policy: TargetPolicy): Promise<ResolvedTarget> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && (policy.httpsOnly || url.protocol !== 'http:'))
    throw new TargetRefused('Only https targets are allowed');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new TargetRefused(`The host ${host} does not resolve`);
      });
  if (addresses.length === 0) throw new TargetRefused(`The host ${host} does not resolve`);
  if (!policy.allowPrivate)
    for (const { address } of addresses) {
      const range = ipaddr.process(address).range();
      if (range !== 'unicast')
        throw new TargetRefused(`The host ${host} resolves to a ${range} address (${address})`);
    }
  const chosen = addresses[0]!;
  return { url, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
