import { shouldUseHashRouter } from './host.ts';

/** Port the backend listens on when the UI is opened from a bare IP address. */
export const RAW_IP_BACKEND_PORT = 4000;

interface PageLocation {
  protocol: string;
  hostname: string;
}

/**
 * Configuration (VITE_API_URL) wins; otherwise a raw non-loopback IP address means the UI may be
 * served by something else than our server, so the backend is assumed on port 4000 of that host;
 * everything else calls the same origin under /api.
 */
export function resolveApiBaseUrl(configured: string | undefined, location: PageLocation): string {
  const trimmed = configured?.trim();
  if (trimmed) return trimmed.replace(/\/+$/, '');
  if (shouldUseHashRouter(location.hostname)) {
    return `${location.protocol}//${location.hostname}:${RAW_IP_BACKEND_PORT}/api`;
  }
  return '/api';
}

export function getApiBaseUrl(): string {
  return resolveApiBaseUrl(import.meta.env.VITE_API_URL, window.location);
}

/** The base as an absolute URL, for messages that tell the user which server did not answer. */
export function describeApiBaseUrl(): string {
  return new URL(getApiBaseUrl(), window.location.href).href.replace(/\/+$/, '');
}
