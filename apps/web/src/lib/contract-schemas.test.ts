import type * as Contract from '@jalon/contract';
import { describe, expect, it, vi } from 'vitest';
import { lazySchema } from './contract-schemas.ts';

describe('lazySchema', () => {
  it('builds the picked schema once, and every call gets that schema checking answers', async () => {
    const pick = vi.fn((contract: typeof Contract) => contract.projectSchema.array());
    const projects = lazySchema(pick);
    const [first, second] = await Promise.all([projects(), projects()]);
    const third = await projects();
    expect(pick).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(first.safeParse([{ name: 'Sans identifiant' }]).success).toBe(false);
  });

  it('keeps no failure: the call after one tries again', async () => {
    let attempts = 0;
    const projects = lazySchema((contract) => {
      attempts += 1;
      if (attempts === 1) throw new Error('Téléchargement impossible');
      return contract.projectSchema.array();
    });
    await expect(projects()).rejects.toThrow('Téléchargement impossible');
    const schema = await projects();
    expect(schema.safeParse([]).success).toBe(true);
    expect(attempts).toBe(2);
  });
});
