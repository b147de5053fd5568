import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing (S03)', () => {
  it('uses argon2id with at least 19 MiB and t ≥ 2, salted per user', async () => {
    const a = await hashPassword('Same password 123!');
    const b = await hashPassword('Same password 123!');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(a);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Same password 123!')).toBe(true);
    expect(await verifyPassword(a, 'Same password 123')).toBe(false);
  });

  it('answers false, not an exception, for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
  });
});
