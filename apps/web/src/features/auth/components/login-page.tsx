import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { useNavigate } from '../../../lib/navigation.ts';
import { REDIRECT } from '@jalon/contract/plain';
import type { LoginResult, SignInMethods } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { clearSession } from '../../../lib/session-store.ts';
import { logout } from '../api/logout.ts';
import { landingAfterSignIn } from '../return-to.ts';
import { storeLoginResult } from '../store-login-result.ts';
import { CredentialsForm } from './credentials-form.tsx';
import { SsoButton } from './sso-button.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { TwoFactorForm } from './two-factor-form.tsx';

export type Mode = 'credentials' | 'twoFactor' | 'resetRequest';

const TITLES: Record<Mode, string> = {
  credentials: fr.auth.login.title,
  twoFactor: fr.auth.twoFactor.title,
  resetRequest: fr.auth.resetRequest.title,
};

/**
 * The three modes of the login screen and the auth transitions between them. `methods` is what the
 * server offers: the provider's button above the password form, and no password form with
 * PASSWORD_LOGIN=off. Unknown yet (or not answered), the password form shows alone.
 */
export function LoginPage({
  methods,
  initialMode = 'credentials',
  returnTo,
}: {
  methods?: SignInMethods;
  /** 'twoFactor' when a sign-in through the provider still needs Jalon's code. */
  initialMode?: Mode;
  /** Where that sign-in through the provider was going; else the address's `?returnTo=`. */
  returnTo?: string;
}) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [searchParams] = useSearchParams();
  const navigateLater = useDelayedNavigate();
  const navigate = useNavigate();
  const landing = landingAfterSignIn(returnTo ?? searchParams.get('returnTo'));

  const onSignedIn = (result: LoginResult) => {
    storeLoginResult(result);
    if (!result.requires2FA) navigateLater(landing, REDIRECT.afterLoginMs);
    else if (result.setupRequired) navigateLater('/security', REDIRECT.afterLoginMs);
    else setMode('twoFactor');
  };

  const backToCredentials = () => {
    // The pending temporary token is useless from here on: revoke it rather than leave it lying around.
    void logout();
    setMode('credentials');
  };

  // An expired temporary token means signing in again, with the session-expired warning.
  const onTwoFactorExpired = () => {
    clearSession();
    setMode('credentials');
    void navigate('/login?expired=true', { replace: true });
  };

  return (
    <section className="login" aria-labelledby="login-title">
      <p className="login__brand">{fr.common.productName}</p>
      <h1 id="login-title">{TITLES[mode]}</h1>
      {mode === 'credentials' && <p className="login__subtitle">{fr.auth.login.subtitle}</p>}
      {mode === 'credentials' && searchParams.get('expired') === 'true' && (
        <Alert tone="warning">{fr.auth.login.expired}</Alert>
      )}
      {mode === 'credentials' && methods?.sso && <SsoButton sso={methods.sso} returnTo={landing} />}
      {mode === 'credentials' && methods?.sso && methods.password !== 'off' && (
        <p className="login__or">{fr.auth.sso.or}</p>
      )}
      {mode === 'credentials' && methods?.password !== 'off' && (
        <CredentialsForm onLoggedIn={onSignedIn} onForgotPassword={() => setMode('resetRequest')} />
      )}
      {mode === 'twoFactor' && (
        <TwoFactorForm onVerified={onSignedIn} onBack={backToCredentials} onExpired={onTwoFactorExpired} />
      )}
      {mode === 'resetRequest' && <ResetRequestForm onBack={() => setMode('credentials')} />}
    </section>
  );
}
