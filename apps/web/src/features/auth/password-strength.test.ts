import { describe, expect, it } from 'vitest';
import { levelFor, passwordStrength } from './password-strength.ts';

describe('password strength', () => {
  it.each([
    ['', 0, 0, 'weak'],
    ['abc', 1, 20, 'weak'],
    ['abcdefgh', 2, 40, 'medium'],
    ['Abcdefgh', 3, 60, 'medium'],
    ['Abcdefg1', 4, 80, 'strong'],
    ['Abcdef1!', 5, 100, 'strong'],
  ] as const)('%j satisfies %i checks: %i %% (%s)', (password, satisfied, percent, level) => {
    const strength = passwordStrength(password);
    expect(strength.satisfied).toBe(satisfied);
    expect(strength.percent).toBe(percent);
    expect(strength.level).toBe(level);
  });

  it('reports each of the five checks', () => {
    expect(passwordStrength('ÉTÉ-2024').checks).toEqual({
      length: true,
      uppercase: true,
      lowercase: false,
      digit: true,
      symbol: true,
    });
  });

  it('puts the colour boundaries at 40 % and 70 %', () => {
    expect(levelFor(39)).toBe('weak');
    expect(levelFor(40)).toBe('medium');
    expect(levelFor(69)).toBe('medium');
    expect(levelFor(70)).toBe('strong');
  });

  it('counts characters, not UTF-16 units, for the length check', () => {
    expect(passwordStrength('😀😀😀😀').checks.length).toBe(false);
    expect(passwordStrength('😀😀😀😀😀😀😀😀').checks.length).toBe(true);
  });
});
