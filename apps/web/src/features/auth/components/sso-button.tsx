import { useMutation } from '@tanstack/react-query';
import type { SignInMethods } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { leaveForSite } from '../../../lib/redirects.ts';
import { fr } from '../../../locales/fr/index.ts';
import { startSso } from '../api/sso.ts';

/**
 * 'Se connecter avec {name}': asks the server for the provider's address, then leaves for it. While the
 * provider cannot be reached the button stays, disabled, saying so.
 */
export function SsoButton({
  sso,
  returnTo,
}: {
  sso: NonNullable<SignInMethods['sso']>;
  /** The Jalon page to land on once the provider is done. */
  returnTo: string;
}) {
  const start = useMutation({
    mutationFn: () => startSso(returnTo),
    onSuccess: (url) => leaveForSite(url),
  });
  const label = !sso.available
    ? fr.auth.sso.unavailable
    : start.isPending || start.isSuccess
      ? fr.auth.sso.redirecting
      : fr.auth.sso.signInWith(sso.displayName);
  return (
    <div className="login__sso">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!sso.available || start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {label}
      </button>
      {start.isError && <Alert tone="error">{errorMessage(start.error)}</Alert>}
    </div>
  );
}
