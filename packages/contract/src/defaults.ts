// Plain values the web app needs before any schema is loaded (no zod in this module).
import { AUDIO } from './constants.ts';
import type { Preferences } from './preferences.ts';

/** Defaults; no colour scheme, so the interface follows the system until the person chooses one. */
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'default',
  focusMode: 'off',
  uiSounds: false,
  advancedAudio: false,
  singleKeyShortcuts: true,
  animationIntensity: AUDIO.animationIntensityDefault,
  ambientVolume: AUDIO.ambientSliderDefault,
};

/** A TOTP code: exactly six ASCII digits (S14). */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/;
/** Backup codes: 10 characters from an unambiguous alphabet, shown as XXXXX-XXXXX (S17). */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const BACKUP_CODE_COUNT = 10;
export const BACKUP_CODE_PATTERN = /^[A-Za-z2-9]{5}-?[A-Za-z2-9]{5}$/;
