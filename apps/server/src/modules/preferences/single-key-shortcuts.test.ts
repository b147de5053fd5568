import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, login, signIn, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the single-key shortcuts preference (WCAG 2.1.4)', () => {
  it('is on by default, can be switched off, and follows the person to a new session', async () => {
    const { user, token } = await signIn(ctx);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/preferences', token })).json().data
        .singleKeyShortcuts,
    ).toBe(true);
    const saved = await inject(ctx.app, {
      method: 'PUT',
      url: '/api/preferences',
      token,
      payload: { singleKeyShortcuts: false },
    });
    expect(saved.json().data).toMatchObject({ singleKeyShortcuts: false, theme: 'default' });
    const next = (await login(ctx.app, user.email, user.password)).body.data.token!;
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: next })).json().data.preferences
        .singleKeyShortcuts,
    ).toBe(false);
  });

  it('refuses anything but a boolean and changes nothing', async () => {
    const { token } = await signIn(ctx);
    for (const value of ['false', 0, null]) {
      const response = await inject(ctx.app, {
        method: 'PUT',
        url: '/api/preferences',
        token,
        payload: { singleKeyShortcuts: value },
      });
      expect(response.statusCode, String(value)).toBe(400);
    }
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/preferences', token })).json().data
        .singleKeyShortcuts,
    ).toBe(true);
  });
});
