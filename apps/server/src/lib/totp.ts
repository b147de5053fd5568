import { randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT, PRODUCT_NAME } from '@jalon/contract';

/** RFC 6238 as every authenticator app expects it: SHA-1, 6 digits, 30-second steps (S09). */
const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32; // 160 bits
}

const totpFor = (secret: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

export const otpauthUrl = (secret: string, label: string): string => totpFor(secret, label).toString();

export const currentStep = (now = Date.now()): number => Math.floor(now / 1000 / PERIOD_SECONDS);

/**
 * The time step a code belongs to, when it matches step t-1, t or t+1 (S12); null otherwise. The caller
 * refuses steps at or below the last accepted one (replay, S13).
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : currentStep(now) + delta;
}

/** The code of a given time (tests, and nothing else). */
export const codeAt = (secret: string, now: number): string =>
  totpFor(secret, 'x').generate({ timestamp: now });

/** Ten codes of 10 characters from an alphabet without look-alikes, shown as XXXXX-XXXXX (S17). */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)],
    );
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Backup codes are compared in one canonical form: upper case, no dash. */
export const canonicalBackupCode = (code: string): string => code.replace('-', '').toUpperCase();
