import { readStored, writeStored } from '../../lib/storage.ts';

export const BACKGROUND_VARIANTS = ['neural', 'gradient', 'particles'] as const;
export type BackgroundVariant = (typeof BACKGROUND_VARIANTS)[number];

const STORAGE_NAME = 'background';

const isVariant = (value: string | null): value is BackgroundVariant =>
  BACKGROUND_VARIANTS.includes(value as BackgroundVariant);

/** neural -> gradient -> particles -> neural. */
export function nextBackground(current: BackgroundVariant): BackgroundVariant {
  const index = BACKGROUND_VARIANTS.indexOf(current);
  return BACKGROUND_VARIANTS[(index + 1) % BACKGROUND_VARIANTS.length] ?? 'neural';
}

export function readBackground(): BackgroundVariant {
  const stored = readStored(STORAGE_NAME);
  return isVariant(stored) ? stored : 'neural';
}

export function writeBackground(variant: BackgroundVariant): void {
  writeStored(STORAGE_NAME, variant);
}
