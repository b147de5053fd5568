import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeTask, isAiHelperEnabled, registerAiProvider, suggestSubtasks, suggestTask } from './ai-helper.ts';

afterEach(() => registerAiProvider(null));

describe('AI helper (exists, switched off, returns nothing)', () => {
  it('is off unless VITE_AI_HELPER is exactly "true"', () => {
    expect(isAiHelperEnabled()).toBe(false);
    expect(isAiHelperEnabled('1')).toBe(false);
    expect(isAiHelperEnabled('true')).toBe(true);
  });

  it('returns nothing while off, even with a provider registered', async () => {
    const provider = { describeTask: vi.fn(async () => 'texte'), suggestSubtasks: vi.fn(async () => ['a']), suggestTask: vi.fn(async () => null) };
    registerAiProvider(provider);
    expect(await describeTask('Écrire')).toBeNull();
    expect(await suggestSubtasks('Écrire', '')).toEqual([]);
    expect(await suggestTask('Écrire', '')).toBeNull();
    expect(provider.describeTask).not.toHaveBeenCalled();
  });
});
