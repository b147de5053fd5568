// Which router to use depends on where the page is served from. A raw IP address usually
// means a LAN or ad-hoc deployment where no SPA fallback can be assumed, so deep links must live in
// the hash. Loopback addresses and host names are served by our own server, which does the SPA
// fallback, so they keep clean URLs (decision taken for issue 2).

const IPV4_OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_OCTET}(\\.${IPV4_OCTET}){3}$`);

const stripBrackets = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

export function isIpv4(hostname: string): boolean {
  return IPV4.test(hostname);
}

/** `location.hostname` gives IPv6 addresses in brackets; both forms are accepted. */
export function isIpv6(hostname: string): boolean {
  const bare = stripBrackets(hostname);
  // A host name can never contain ':', so this cheap test rules them out before the real parse.
  if (!bare.includes(':')) return false;
  try {
    new URL(`http://[${bare}]/`);
    return true;
  } catch {
    return false;
  }
}

export function isRawIpHost(hostname: string): boolean {
  return isIpv4(hostname) || isIpv6(hostname);
}

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.y.z). */
export function isLoopbackIp(hostname: string): boolean {
  if (isIpv4(hostname)) return hostname.startsWith('127.');
  if (!isIpv6(hostname)) return false;
  // Let the URL parser canonicalise the many spellings of an IPv6 address.
  const canonical = stripBrackets(new URL(`http://[${stripBrackets(hostname)}]/`).hostname);
  return canonical === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}

export function shouldUseHashRouter(hostname: string): boolean {
  return isRawIpHost(hostname) && !isLoopbackIp(hostname);
}
