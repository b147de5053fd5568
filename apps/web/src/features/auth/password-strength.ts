// Advisory only: the server enforces its own rules (length, common passwords); the client never
// blocks a submission on strength.

export const STRENGTH_CHECKS = ['length', 'uppercase', 'lowercase', 'digit', 'symbol'] as const;
export type StrengthCheck = (typeof STRENGTH_CHECKS)[number];
export type StrengthLevel = 'weak' | 'medium' | 'strong';

const MIN_LENGTH = 8;

const TESTS: Record<StrengthCheck, (password: string) => boolean> = {
  length: (password) => [...password].length >= MIN_LENGTH,
  uppercase: (password) => /\p{Lu}/u.test(password),
  lowercase: (password) => /\p{Ll}/u.test(password),
  digit: (password) => /\p{Nd}/u.test(password),
  symbol: (password) => /[^\p{L}\p{N}\s]/u.test(password),
};

export interface PasswordStrength {
  checks: Record<StrengthCheck, boolean>;
  satisfied: number;
  /** satisfied / 5, as a whole percentage. */
  percent: number;
  /** Red under 40 %, amber under 70 %, green otherwise. */
  level: StrengthLevel;
}

export function levelFor(percent: number): StrengthLevel {
  if (percent < 40) return 'weak';
  if (percent < 70) return 'medium';
  return 'strong';
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = Object.fromEntries(
    STRENGTH_CHECKS.map((check) => [check, TESTS[check](password)]),
  ) as Record<StrengthCheck, boolean>;
  const satisfied = STRENGTH_CHECKS.filter((check) => checks[check]).length;
  const percent = Math.round((satisfied / STRENGTH_CHECKS.length) * 100);
  return { checks, satisfied, percent, level: levelFor(percent) };
}
