import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema.ts';
import { codeAt } from '../../lib/totp.ts';
import {
  createTestContext,
  inject,
  login,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';

// Issue 31: every route that checks a second-factor code goes through the account's one wrong-code
// counter (decision 0022). The list below is compared with the published document, so a new route whose
// body takes a `code` fails this file until it has its case here.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const STEP = 30_000;
const WRONG = '000000';
const LOCK_AFTER = 5;

/** One route that checks a code: who sends it, and the right code for that sender now. */
interface CodeRoute {
  email: string;
  send(code: string): Promise<LightMyRequestResponse>;
  rightCode(): string;
}

const request = (method: 'POST' | 'DELETE', url: string, payload: Record<string, unknown>, token?: string) =>
  inject(ctx.app, { method, url, payload, token });

/** A member with 2FA confirmed at step t (so t+1 is the next good code), and the backup codes. */
async function enrolledMember() {
  const { user, token } = await signIn(ctx);
  const setup = (await request('POST', '/api/2fa/setup', {}, token)).json().data;
  expect(
    (await request('POST', '/api/2fa/verify', { code: codeAt(setup.secret, Date.now()) }, token)).statusCode,
  ).toBe(200);
  return { user, token, secret: setup.secret as string, backupCodes: setup.backupCodes as string[] };
}

const nextTotp = (secret: string) => () => codeAt(secret, Date.now() + STEP);

/** A route an enrolled member sends their current TOTP code to from a session. */
const sessionRoute =
  (method: 'POST' | 'DELETE', url: (userId: string) => Promise<string> | string) =>
  async (): Promise<CodeRoute> => {
    const { user, token, secret } = await enrolledMember();
    const target = await url(user.id);
    return {
      email: user.email,
      send: (code) => request(method, target, { code }, token),
      rightCode: nextTotp(secret),
    };
  };

/** A sign-in step: the code goes with the tempToken of a fresh password sign-in. */
const signInStep =
  (
    url: string,
    codes: (member: Awaited<ReturnType<typeof enrolledMember>>) => { right: string; wrong: string },
  ) =>
  async (): Promise<CodeRoute> => {
    const member = await enrolledMember();
    const tempToken = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    const { right, wrong } = codes(member);
    return {
      email: member.user.email,
      send: (code) => request('POST', url, { code: code === WRONG ? wrong : code, tempToken }),
      rightCode: () => right,
    };
  };

const routes: Record<string, () => Promise<CodeRoute>> = {
  'POST /api/2fa/verify': async () => {
    const { user, token } = await signIn(ctx);
    const { secret } = (await request('POST', '/api/2fa/setup', {}, token)).json().data;
    return {
      email: user.email,
      send: (code) => request('POST', '/api/2fa/verify', { code }, token),
      rightCode: () => codeAt(secret, Date.now()),
    };
  },
  'POST /api/2fa/disable': sessionRoute('POST', () => '/api/2fa/disable'),
  'POST /api/2fa/backup-codes': sessionRoute('POST', () => '/api/2fa/backup-codes'),
  'POST /api/2fa/passkeys/options': sessionRoute('POST', () => '/api/2fa/passkeys/options'),
  'DELETE /api/2fa/passkeys/{id}': sessionRoute('DELETE', async (userId) => {
    const [key] = await ctx.db
      .insert(passkeys)
      .values({ userId, credentialId: `credential-${userId}`, publicKey: 'key', name: 'Clé' })
      .returning();
    return `/api/2fa/passkeys/${key!.id}`;
  }),
  'POST /api/auth/verify-2fa': signInStep('/api/auth/verify-2fa', ({ secret }) => ({
    right: codeAt(secret, Date.now() + STEP),
    wrong: WRONG,
  })),
  // A wrong backup code has the backup codes' own format.
  'POST /api/2fa/verify-backup': signInStep('/api/2fa/verify-backup', ({ backupCodes }) => ({
    right: backupCodes[0]!,
    wrong: 'ZZZZZ-ZZZZZ',
  })),
  'POST /api/admin/members/{id}/reset-2fa': async () => {
    const admin = await signInAdmin(ctx);
    const member = await enrolledMember();
    return {
      email: admin.user.email,
      send: (code) =>
        request('POST', `/api/admin/members/${member.user.id}/reset-2fa`, { code }, admin.token),
      rightCode: () => codeAt(admin.secret, Date.now() + STEP),
    };
  },
};

/** Five wrong passwords: the same counter the code routes count on. */
async function lockBySignIn(email: string, attempts = LOCK_AFTER) {
  for (let i = 0; i < attempts; i++) await login(ctx.app, email, 'not the password at all');
}

describe('every route whose body takes a second-factor code', () => {
  it('is one of the routes tested below (the published document is the list)', async () => {
    const document = (await inject(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const withCode = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) =>
            operation.requestBody?.content?.['application/json']?.schema?.properties?.code !== undefined,
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withCode.sort()).toEqual(Object.keys(routes).sort());
  });
});

describe.each(Object.entries(routes))('%s', (_name, open) => {
  it('refuses even the right code with 429 while the account is locked by wrong passwords', async () => {
    const route = await open();
    await lockBySignIn(route.email);
    const answer = await route.send(route.rightCode());
    expect(answer.statusCode).toBe(429);
    expect(answer.json().code).toBe('account_locked');
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a wrong code on the account: after four wrong passwords, one wrong code here locks it', async () => {
    const route = await open();
    await lockBySignIn(route.email, LOCK_AFTER - 1);
    const answer = await route.send(WRONG);
    expect(answer.statusCode).toBe(429);
    expect(answer.json().code).toBe('account_locked');
    // The account is locked for every way in, the password too.
    expect((await login(ctx.app, route.email, 'not the password at all')).status).toBe(429);
  });
});

describe('POST /api/admin/members/{id}/reset-2fa under guessing', () => {
  it('locks the administrator at the fifth wrong code and ends the session that guessed', async () => {
    const admin = await signInAdmin(ctx);
    const member = await enrolledMember();
    const statuses = [];
    for (let i = 0; i < LOCK_AFTER; i++) {
      statuses.push(
        (
          await request(
            'POST',
            `/api/admin/members/${member.user.id}/reset-2fa`,
            { code: WRONG },
            admin.token,
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: admin.token })).statusCode,
    ).toBe(401);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: member.token })).statusCode,
    ).toBe(200);
  });
});
