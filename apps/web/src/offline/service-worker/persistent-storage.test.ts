import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function fakeStorage(persisted: boolean, grants: boolean) {
  return { persisted: vi.fn(async () => persisted), persist: vi.fn(async () => grants) };
}

// Asked once per page: a fresh module per test.
async function load() {
  vi.resetModules();
  return (await import('./persistent-storage.ts')).requestPersistentStorage;
}
afterEach(() => vi.unstubAllEnvs());

// The shipped build (test/setup.ts turns the flag off for the screens' tests).
beforeEach(() => vi.stubEnv('VITE_OFFLINE_SYNC', 'true'));

describe('persistent storage', () => {
  it('is asked for once, however many times sign-in completes', async () => {
    const request = await load();
    const storage = fakeStorage(false, true);
    await expect(request(storage as unknown as StorageManager)).resolves.toBe(true);
    await expect(request(storage as unknown as StorageManager)).resolves.toBe(true);
    expect(storage.persist).toHaveBeenCalledOnce();
  });

  it('is not asked for again when the browser already keeps the data', async () => {
    const request = await load();
    const storage = fakeStorage(true, true);
    await expect(request(storage as unknown as StorageManager)).resolves.toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('is never asked for in a build without offline sync, which keeps nothing on the device', async () => {
    vi.stubEnv('VITE_OFFLINE_SYNC', 'false');
    const request = await load();
    const storage = fakeStorage(false, true);
    await expect(request(storage as unknown as StorageManager)).resolves.toBe(false);
    expect(storage.persisted).not.toHaveBeenCalled();
  });
});
