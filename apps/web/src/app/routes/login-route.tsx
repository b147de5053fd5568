import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AuthFrame } from '../../components/ui/auth-frame.tsx';
import { signInMethodsQueryOptions } from '../../features/auth/api/sso.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { SsoLandingPage } from '../../features/auth/components/sso-landing-page.tsx';

// The animated backgrounds load after the form so the login screen is usable at once.
const LoginBackground = lazy(() =>
  import('../../features/backgrounds/components/login-background.tsx').then((module) => ({
    default: module.LoginBackground,
  })),
);

function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <AuthFrame
      background={
        <Suspense fallback={<div className="backdrop backdrop--static" aria-hidden="true" />}>
          <LoginBackground />
        </Suspense>
      }
    >
      {children}
    </AuthFrame>
  );
}

/** /login: the password form at once, the provider's button as soon as the server says there is one. */
export function LoginRoute() {
  const methods = useQuery(signInMethodsQueryOptions());
  return (
    <LoginFrame>
      <LoginPage methods={methods.data} />
    </LoginFrame>
  );
}

/** /login/sso: where the provider's answer lands, with its one-time code. */
export function SsoLandingRoute() {
  return (
    <LoginFrame>
      <SsoLandingPage />
    </LoginFrame>
  );
}
