import { useEffect, useRef, useState } from 'react';
import { REDIRECT } from '@jalon/contract/plain';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { forgetOpeningFragment, openingFragment } from '../../../lib/opening-fragment.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { exchangeSsoCode } from '../api/sso.ts';
import { landingAfterSignIn } from '../return-to.ts';
import { storeLoginResult } from '../store-login-result.ts';
import { LoginPage } from './login-page.tsx';

type State =
  { step: 'exchanging' } | { step: 'failed'; message: string } | { step: 'twoFactor'; returnTo: string };

/** The one-time code the server put in this address's fragment, which no server or proxy ever saw. */
const codeOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('code');

/**
 * /login/sso, where the provider's answer lands: the code is taken from the fragment and wiped from the
 * address at once (history, a shared screen), then exchanged for the session. A second factor still
 * due shows the usual code form; a refusal says why in French, with the way back to /login.
 */
export function SsoLandingPage() {
  const [code] = useState(() => codeOf(openingFragment()));
  const [state, setState] = useState<State>(() =>
    code ? { step: 'exchanging' } : { step: 'failed', message: fr.auth.sso.missingCode },
  );
  const navigateLater = useDelayedNavigate();
  // The code can be used once: a second run of the effect (React's strict mode) must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    forgetOpeningFragment();
    // Wiped from the address (history, a shared screen); in hash mode the route is the fragment itself.
    if (!window.location.hash.startsWith('#/'))
      window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code) return;
    exchangeSsoCode(code).then(
      (result) => {
        storeLoginResult(result);
        if (!result.requires2FA) navigateLater(landingAfterSignIn(result.returnTo), REDIRECT.afterLoginMs);
        else if (result.setupRequired) navigateLater('/security', REDIRECT.afterLoginMs);
        else setState({ step: 'twoFactor', returnTo: result.returnTo });
      },
      (error: unknown) => setState({ step: 'failed', message: errorMessage(error) }),
    );
  }, [code, navigateLater]);

  if (state.step === 'twoFactor') return <LoginPage initialMode="twoFactor" returnTo={state.returnTo} />;
  return (
    <section className="login" aria-labelledby="login-title" aria-busy={state.step !== 'failed'}>
      <p className="login__brand">{fr.common.productName}</p>
      <h1 id="login-title">{state.step === 'failed' ? fr.auth.sso.failedTitle : fr.auth.login.title}</h1>
      {state.step === 'failed' ? (
        <>
          <Alert tone="error">{state.message}</Alert>
          <p className="login__back">
            <a className="button" href="/login">
              {fr.auth.sso.backToLogin}
            </a>
          </p>
        </>
      ) : (
        <p className="login__subtitle" role="status">
          {fr.auth.sso.exchanging}
        </p>
      )}
    </section>
  );
}
