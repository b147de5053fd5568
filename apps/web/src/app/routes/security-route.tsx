import { useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@jalon/contract';
import { meQueryOptions } from '../../features/auth/api/me.ts';
import { storeLoginResult } from '../../features/auth/store-login-result.ts';
import { SecurityPage } from '../../features/security/components/security-page.tsx';
import { navigateOnce } from '../../lib/redirects.ts';
import { clearSession } from '../../lib/session-store.ts';
import { useAuthOutletContext } from '../guards/auth-outlet-context.ts';
import { PATHS } from '../guards/paths.ts';

/** Composes the security screen with the auth feature: finishing a sign-in, refreshing the user. */
export function SecurityRoute() {
  const { restricted } = useAuthOutletContext();
  const queryClient = useQueryClient();

  // Verifying the enrolment with a temporary token finalises the login, like a login success.
  // The router navigates directly: this screen unmounts as soon as the session is stored.
  const onSignInCompleted = (result: LoginResult) => {
    storeLoginResult(result);
    navigateOnce(PATHS.dashboard, true);
  };
  const onTwoFactorChanged = () =>
    void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  // Revoking this browser's own session signs it out.
  const onSignedOut = () => {
    clearSession();
    navigateOnce(PATHS.login, true);
  };

  return (
    <SecurityPage
      enrolmentRequired={restricted}
      onSignInCompleted={onSignInCompleted}
      onTwoFactorChanged={onTwoFactorChanged}
      onSignedOut={onSignedOut}
    />
  );
}
