// The device's offline copy as the page holds it (IndexedDB `jalon:<userId>`, decision 0067), and the
// revocation from another device that must wipe it (decision 0051).
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, dataOf, signInByApi, type Member } from './members.ts';

/** The names of this origin's IndexedDB databases, as the page sees them. */
export const databases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

/** The signed-in person's id, as the page stored it at sign-in. */
export const storedUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('jalon:user') ?? '{}') as { id?: string }).id);

/**
 * A value the page keeps beside its copy of the rows (the meta store's `kept:<key>`: the members
 * directory, the inbox), or null. Only for a database the page has made: opening one creates it.
 */
export const keptValue = (page: Page, userId: string, key: string) =>
  page.evaluate(
    ({ name, id }) =>
      new Promise<unknown>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const read = db.transaction('meta').objectStore('meta').get(id);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            resolve((read.result as { value?: unknown } | undefined)?.value ?? null);
          };
        };
      }),
    { name: `jalon:${userId}`, id: `kept:${key}` },
  );

/** Ends the page's session from another device of the same person, as /me's sessions tab does. */
export async function revokeFromElsewhere(request: APIRequestContext, member: Member) {
  const elsewhere = await signInByApi(request, member);
  const { sessions } = await dataOf<{ sessions: Array<{ id: string; current: boolean }> }>(
    await request.get('/api/auth/sessions', { headers: bearer(elsewhere.token) }),
  );
  const browserSession = sessions.find((session) => !session.current);
  await dataOf(
    await request.delete(`/api/auth/sessions/${browserSession!.id}`, { headers: bearer(elsewhere.token) }),
  );
}
