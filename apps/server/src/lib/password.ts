import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import { AUTH, passwordLength } from '@jalon/contract';
import { AppError } from './errors.ts';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, t=2, p=1), the floor docs/security.md promises.
 * Passwords are normalised to NFC first, so "é" typed as one or two code points is the same password.
 */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password.normalize('NFC'), ARGON2);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of nothing anybody knows. Unknown e-mails are verified against it so that they take as long
 * as known ones, and the timing tells nobody which e-mails have an account.
 */
export const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));

const COMMON_PASSWORDS_FILE =
  process.env.JALON_COMMON_PASSWORDS ?? fileURLToPath(new URL('./common-passwords.txt', import.meta.url));
let commonPasswords: Set<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords.has(password.normalize('NFC').toLowerCase());
}

/** Server-side password policy: length in code points (contract) and the shipped common-password list. */
export function assertAcceptablePassword(password: string): void {
  const length = passwordLength(password);
  if (length < AUTH.passwordMinLength || length > AUTH.passwordMaxLength) {
    throw new AppError(
      400,
      'weak_password',
      `Password must be ${AUTH.passwordMinLength} to ${AUTH.passwordMaxLength} characters`,
      {
        errors: [{ path: 'password', message: 'length' }],
      },
    );
  }
  if (isCommon(password)) {
    throw new AppError(400, 'common_password', 'Password is too common', {
      errors: [{ path: 'password', message: 'common' }],
    });
  }
}
