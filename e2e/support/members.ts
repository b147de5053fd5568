import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';

export const MEMBER_PASSWORD = 'Jalon e2e 2026!';

export interface Member {
  email: string;
  password: string;
  username: string;
}

export interface ApiSession {
  token: string;
  sessionId: string;
  expiresAt: string;
}

interface Envelope<T> {
  data: T;
}

export async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as Envelope<T>).data;
}

/**
 * Factory: a fresh member with its own e-mail, so that tests never share an account (lockouts,
 * resets and revoked sessions stay inside the test that caused them).
 */
export async function createMember(
  request: APIRequestContext,
  overrides: Partial<Member> = {},
): Promise<Member> {
  const id = randomUUID().slice(0, 8);
  const member: Member = {
    email: `membre-${id}@e2e.test`,
    password: MEMBER_PASSWORD,
    username: `Camille ${id}`,
    ...overrides,
  };
  await dataOf(await request.post('/api/auth/register', { data: member }));
  return member;
}

/** Signs the member in through the API: the same person on another device. */
export async function signInByApi(
  request: APIRequestContext,
  member: Pick<Member, 'email' | 'password'>,
): Promise<ApiSession> {
  const result = await dataOf<ApiSession & { requires2FA: boolean }>(
    await request.post('/api/auth/login', {
      data: { email: member.email, password: member.password, rememberMe: false },
    }),
  );
  if (result.requires2FA) throw new Error('signInByApi: this member needs the second factor');
  return result;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The member's user id, as another member names them (an assignee, a mention). */
export async function userIdOf(request: APIRequestContext, member: Member): Promise<string> {
  const { token } = await signInByApi(request, member);
  const me = await dataOf<{ user: { id: string } }>(
    await request.get('/api/auth/me', { headers: bearer(token) }),
  );
  return me.user.id;
}

/** RFC 6238 as authenticator apps compute it (SHA-1, 6 digits, 30 s). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  const totp = new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
  return totp.generate({ timestamp });
}

export interface TwoFactorEnrolment {
  secret: string;
  backupCodes: string[];
}

/** Turns 2FA on for the member through the API, as the security screen will once it is built. */
export async function enrolTwoFactor(
  request: APIRequestContext,
  member: Member,
  /** The time of the confirming code: earlier leaves the later steps' codes for the journey. */
  at = Date.now(),
): Promise<TwoFactorEnrolment> {
  const { token } = await signInByApi(request, member);
  const setup = await dataOf<{ secret: string; backupCodes: string[] }>(
    await request.post('/api/2fa/setup', { headers: bearer(token) }),
  );
  await dataOf(
    await request.post('/api/2fa/verify', {
      headers: bearer(token),
      data: { code: totpCode(setup.secret, at) },
    }),
  );
  return { secret: setup.secret, backupCodes: setup.backupCodes };
}
