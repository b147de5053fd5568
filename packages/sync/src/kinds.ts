import { SYNC_ENTITIES, type SyncEntity } from '@jalon/contract';

/** One value for each kind of synced data (`SYNC_ENTITIES`, the one list of them). */
export const byKind = <T>(make: (entity: SyncEntity) => T): Record<SyncEntity, T> =>
  Object.fromEntries(SYNC_ENTITIES.map((entity) => [entity, make(entity)])) as Record<SyncEntity, T>;
