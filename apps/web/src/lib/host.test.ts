import { describe, expect, it } from 'vitest';
import { isLoopbackIp, isRawIpHost, shouldUseHashRouter } from './host.ts';

describe('raw IP detection and router choice', () => {
  it.each([
    ['192.168.1.20', true],
    ['10.0.0.1', true],
    ['203.0.113.7', true],
    ['[2001:db8::1]', true],
    ['2001:db8::1', true],
    ['[fe80::1]', true],
  ])('%s is a raw IP address served without SPA fallback: hash router', (hostname, expected) => {
    expect(isRawIpHost(hostname)).toBe(true);
    expect(shouldUseHashRouter(hostname)).toBe(expected);
  });

  it.each(['127.0.0.1', '127.1.2.3', '[::1]', '::1', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]'])(
    'loopback %s is served by our own server: browser router',
    (hostname) => {
      expect(isRawIpHost(hostname)).toBe(true);
      expect(isLoopbackIp(hostname)).toBe(true);
      expect(shouldUseHashRouter(hostname)).toBe(false);
    },
  );

  it.each(['localhost', 'jalon.example.org', 'intranet', 'xn--jaln-8qa.fr'])(
    'host name %s: browser router',
    (hostname) => {
      expect(isRawIpHost(hostname)).toBe(false);
      expect(shouldUseHashRouter(hostname)).toBe(false);
    },
  );

  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '[gggg::1]'])(
    '%s is not an IP address',
    (hostname) => {
      expect(isRawIpHost(hostname)).toBe(false);
      expect(shouldUseHashRouter(hostname)).toBe(false);
    },
  );

  it('does not take a private IPv4 starting with 127 in another octet for loopback', () => {
    expect(isLoopbackIp('10.127.0.1')).toBe(false);
  });
});
