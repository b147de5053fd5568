import type { Label } from '@jalon/contract';
import type { labels } from '../../db/schema.ts';

export type LabelRow = typeof labels.$inferSelect;

export const presentLabel = (row: LabelRow): Label => ({
  id: row.id,
  name: row.name,
  color: row.color,
  version: row.version,
  deletedAt: row.deletedAt?.toISOString() ?? null,
});
