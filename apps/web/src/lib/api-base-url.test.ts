import { describe, expect, it } from 'vitest';
import { resolveApiBaseUrl } from './api-base-url.ts';

describe('API base URL', () => {
  it('uses the configured URL, without a trailing slash', () => {
    expect(
      resolveApiBaseUrl('https://api.example.org/api/', { protocol: 'https:', hostname: '10.0.0.5' }),
    ).toBe('https://api.example.org/api');
  });

  it('defaults to /api on a host name or a loopback address', () => {
    expect(resolveApiBaseUrl(undefined, { protocol: 'http:', hostname: 'localhost' })).toBe('/api');
    expect(resolveApiBaseUrl('', { protocol: 'http:', hostname: '127.0.0.1' })).toBe('/api');
  });

  it('assumes the backend on port 4000 of a raw IP host', () => {
    expect(resolveApiBaseUrl(undefined, { protocol: 'http:', hostname: '192.168.1.20' })).toBe(
      'http://192.168.1.20:4000/api',
    );
    expect(resolveApiBaseUrl(undefined, { protocol: 'http:', hostname: '[2001:db8::1]' })).toBe(
      'http://[2001:db8::1]:4000/api',
    );
  });
});
