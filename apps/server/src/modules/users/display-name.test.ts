import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, STRONG_PASSWORD, uniqueEmail, type TestContext } from '../../test/test-app.ts';
import { nameSkeleton } from './display-name.ts';
import { createUser } from './user-service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('nameSkeleton', () => {
  it('gives one form to names a person takes for one another: case, Cyrillic and full-width letters, spaces', () => {
    const admin = nameSkeleton('Admin');
    for (const name of ['admin', 'ADMIN', '\u0410dmin', 'Ａｄｍｉｎ', '  admin '])
      expect(nameSkeleton(name), name).toBe(admin);
    expect(nameSkeleton('Anna  Roux')).toBe(nameSkeleton('anna roux'));
  });

  it('keeps names apart that read differently', () => {
    expect(nameSkeleton('Admine')).not.toBe(nameSkeleton('Admin'));
    expect(nameSkeleton('Zoé')).not.toBe(nameSkeleton('Zoe'));
  });
});

describe('createUser and names', () => {
  it('refuses a chosen name that reads like another account’s with 409 username_taken, and creates nothing', async () => {
    await ctx.db.transaction((tx) =>
      createUser(tx, { email: uniqueEmail(), password: STRONG_PASSWORD, username: 'Camille Roux' }),
    );
    const email = uniqueEmail();
    await expect(
      ctx.db.transaction((tx) =>
        createUser(tx, { email, password: STRONG_PASSWORD, username: 'CAMILLE  ROUX' }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      code: 'username_taken',
    });
  });

  it('names an account without a chosen name after its e-mail, whole when the local part is taken', async () => {
    const first = await ctx.db.transaction((tx) =>
      createUser(tx, { email: 'sam@one.example.test', password: STRONG_PASSWORD }),
    );
    const second = await ctx.db.transaction((tx) =>
      createUser(tx, { email: 'SAM@two.example.test', password: STRONG_PASSWORD }),
    );
    expect(first.username).toBe('sam');
    expect(second.username).toBe('sam@two.example.test');
  });
});
