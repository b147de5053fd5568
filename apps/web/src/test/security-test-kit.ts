// Test helpers for the security screen: a signed-in (or mid-enrolment) browser, a fake API keyed by
// "METHOD /path", and a capture of the files the screen downloads. Imported by tests only.
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { AuditEntry, SessionInfo, TwoFactorSetup, TwoFactorStatus, User } from '@jalon/contract';
import { updateSession } from '../lib/session-store.ts';
import { makeMe, makeUser } from './fixtures.ts';
import { json, mockFetch, pathOf, problem, type RecordedCall } from './http.ts';
import { renderApp } from './render-app.tsx';

export type Route = (call: RecordedCall) => Response | Promise<Response>;

export const routeOf = (call: RecordedCall): string => `${call.method} ${pathOf(call).split('?')[0]}`;
export const queryOf = (call: RecordedCall): URLSearchParams =>
  new URLSearchParams(call.url.split('?')[1] ?? '');
export const callsTo = (calls: RecordedCall[], route: string) =>
  calls.filter((call) => routeOf(call) === route);

export function signIn(user: Partial<User> = {}): User {
  const stored = makeUser(user);
  updateSession({
    token: 'tok-1',
    sessionId: 'session-1',
    sessionExpiry: '2999-01-01T00:00:00.000Z',
    user: stored,
  });
  return stored;
}

/** A sign-in that holds only the temporary token of a forced enrolment (admin without 2FA). */
export function holdTempToken(user: Partial<User> = { role: 'admin' }): void {
  updateSession({ tempToken: 'temp-token-123456', user: makeUser(user) });
}

/** Every call recorded; unknown routes answer 404 so a test notices a call it did not expect. */
export function serve(routes: Record<string, Route>, user: Partial<User> = {}): RecordedCall[] {
  // The 2FA tab lists passkeys whenever 2FA is on: none unless a test says otherwise.
  const all: Record<string, Route> = {
    'GET /auth/me': () => json(makeMe(user)),
    'GET /2fa/passkeys': () => json({ passkeys: [] }),
    ...routes,
  };
  return mockFetch((call) => all[routeOf(call)]?.(call) ?? problem(404, 'not_found'));
}

export async function renderSecurity() {
  const view = renderApp('/security');
  // The first render of a test file also loads the lazy route chunks: allow for it.
  await screen.findByRole('heading', { level: 1, name: 'Sécurité' }, { timeout: 5_000 });
  return view;
}

export const BACKUP_CODES = [
  'ABCDE-FGHJK',
  'BCDEF-GHJKM',
  'CDEFG-HJKMN',
  'DEFGH-JKMNP',
  'EFGHJ-KMNPQ',
  'FGHJK-MNPQR',
  'GHJKM-NPQRS',
  'HJKMN-PQRST',
  'JKMNP-QRSTU',
  'KMNPQ-RSTUV',
];

export const makeSetup = (overrides: Partial<TwoFactorSetup> = {}): TwoFactorSetup => ({
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  otpauthUrl: 'otpauth://totp/Jalon:alice%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Jalon',
  secret: 'JBSWY3DPEHPK3PXP',
  backupCodes: BACKUP_CODES,
  alreadyEnabled: false,
  ...overrides,
});

/** A 2FA status; 2FA on means TOTP on unless the test says it is passkeys only. */
export const makeStatus = (
  status: Pick<TwoFactorStatus, 'enabled' | 'backupCodesRemaining'> & Partial<TwoFactorStatus>,
): TwoFactorStatus => ({
  totpEnabled: status.enabled,
  passkeys: 0,
  ...status,
});

export const makeSession = (overrides: Partial<SessionInfo> = {}): SessionInfo => ({
  id: '11111111-1111-4111-8111-111111111111',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  device: 'Chrome sur Linux',
  createdAt: '2030-01-15T08:00:00.000Z',
  lastActiveAt: '2030-01-15T09:55:00.000Z',
  expiresAt: '2030-01-15T20:00:00.000Z',
  current: true,
  ...overrides,
});

export const makeAuditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '1',
  createdAt: '2030-01-15T09:30:15.000Z',
  type: 'auth.login.succeeded',
  user: { id: 'user-1', name: 'alice', email: 'alice@example.test' },
  ip: '127.0.0.1',
  userAgent: 'test',
  resource: null,
  outcome: 'success',
  details: 'Signed in',
  metadata: {},
  ...overrides,
});

export interface Download {
  fileName: string;
  blob: Blob;
}

/** Files saved through an object URL and a clicked `<a download>` (jsdom cannot navigate to them). */
export function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  const blobs = new Map<string, Blob>();
  let counter = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      counter += 1;
      const url = `blob:http://localhost/${counter}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => void blobs.delete(url),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ fileName: this.download, blob });
  });
  return downloads;
}

/** jsdom's Blob has no text(): read it the old way. */
export const blobText = (blob: Blob): Promise<string> =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
