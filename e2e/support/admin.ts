// An administrator ready to sign in: the one a server of the journey's own creates on its first start
// (own-server.ts), with the forced 2FA enrolment done once through the API as the security screen does
// (security.spec.ts walks it on screen).
import { request as apiRequest, type Page } from '@playwright/test';
import { dataOf, totpCode } from './members.ts';
import type { OwnServer } from './own-server.ts';
import { expect, signIn } from './test.ts';

export interface EnrolledAdmin {
  email: string;
  password: string;
  /** Unused backup codes: each browser sign-in takes the next one (a TOTP code works once per 30 s). */
  backupCodes: string[];
}

export async function enrolledAdmin(server: OwnServer): Promise<EnrolledAdmin> {
  const api = await apiRequest.newContext({ baseURL: server.baseURL });
  const { tempToken } = await dataOf<{ tempToken: string }>(
    await api.post('/api/auth/login', { data: { ...server.admin, rememberMe: false } }),
  );
  const headers = { Authorization: `Bearer ${tempToken}` };
  const setup = await dataOf<{ secret: string; backupCodes: string[] }>(
    await api.post('/api/2fa/setup', { headers }),
  );
  await dataOf(await api.post('/api/2fa/verify', { headers, data: { code: totpCode(setup.secret) } }));
  await api.dispose();
  return { ...server.admin, backupCodes: [...setup.backupCodes] };
}

/** Credentials, then the next backup code: the administrator lands on the dashboard. */
export async function signInAdmin(page: Page, admin: EnrolledAdmin) {
  await signIn(page, admin);
  await page.getByLabel('Code de vérification ou code de secours').fill(admin.backupCodes.shift()!);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
