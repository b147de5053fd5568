import type { Member } from '@jalon/contract';

/**
 * The members directory as last read online, kept with the person's copy of the tasks (and wiped with it):
 * after a reload without a network the assignees still have names, and a task can still be assigned.
 */
export interface MembersCopy {
  read(): Promise<readonly Member[] | null>;
  write(members: readonly Member[]): Promise<void>;
}

/** Where a copy is stored: the meta store of the person's offline database, or memory. */
export interface KeptValues {
  readKept(key: string): Promise<unknown>;
  keep(key: string, value: unknown): Promise<void>;
}

const MEMBERS_KEY = 'members';

/** A copy over `kept`, read once per engine and written only when the directory changed. */
export function membersCopy(kept: KeptValues): MembersCopy {
  let last: Promise<readonly Member[] | null> | null = null;
  let written = '';
  return {
    read: () =>
      (last ??= kept
        .readKept(MEMBERS_KEY)
        .then((value) => (Array.isArray(value) ? (value as Member[]) : null))),
    async write(members) {
      const text = JSON.stringify(members);
      if (text === written) return;
      written = text;
      last = Promise.resolve(members);
      await kept.keep(MEMBERS_KEY, members);
    },
  };
}

/** For an engine over memory: the copy lasts as long as the tab. */
export function keptInMemory(): KeptValues {
  const values = new Map<string, unknown>();
  return {
    readKept: (key) => Promise.resolve(values.get(key) ?? null),
    keep: (key, value) => {
      values.set(key, value);
      return Promise.resolve();
    },
  };
}
