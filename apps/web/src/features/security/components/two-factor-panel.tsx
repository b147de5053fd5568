import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  LoginResult,
  PasskeyRegistered,
  TwoFactorSetup as Setup,
  TwoFactorStatus,
  TwoFactorVerifyResult,
} from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup.ts';
import { twoFactorStatusKey, useTwoFactorStatus } from '../api/two-factor-status.ts';
import { failureMessage, isAlreadyEnabled, isInvalidSetupData } from '../security-errors.ts';
import { BackupCodes } from './backup-codes.tsx';
import { DisableTwoFactorForm } from './disable-two-factor-form.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { RegenerateCodesForm } from './regenerate-codes-form.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

const t = fr.security.twoFactor;

export interface TwoFactorPanelProps {
  /** Called when verifying the enrolment also finished a pending sign-in (temporary token). */
  onSignInCompleted: (result: LoginResult) => void;
  /** 2FA was turned on or off for a signed-in user: what the app knows of the user is stale. */
  onTwoFactorChanged: () => void;
}

function setupErrorMessage(error: unknown): string {
  if (isAlreadyEnabled(error)) return fr.problemMessages.two_factor_already_enabled;
  if (isInvalidSetupData(error)) return t.invalidSetup;
  return failureMessage(error, t.enableError);
}

/** The 2FA tab: disabled -> setup started -> verified -> enabled; enabled -> disabled. */
export function TwoFactorPanel({ onSignInCompleted, onTwoFactorChanged }: TwoFactorPanelProps) {
  const queryClient = useQueryClient();
  const token = useSession((session) => session.token);
  const user = useSession((session) => session.user);
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<Setup | null>(null);
  // Plain backup codes exist only in the answer that created them; afterwards only a count is known.
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  // A forced enrolment finished by a passkey: its backup codes are shown before the app opens.
  const [enrolled, setEnrolled] = useState<{ signIn: LoginResult; codes: string[] } | null>(null);

  const setStatus = (next: TwoFactorStatus) => {
    queryClient.setQueryData(twoFactorStatusKey, next);
    void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  };

  const begin = () => {
    setNotice(null);
    start.mutate(undefined, {
      onSuccess: (result) => {
        if (result.alreadyEnabled) void status.refetch();
        else setSetup(result);
      },
      // A 409 at set-up means it is already on; show the state the server has.
      onError: (error) => {
        if (isAlreadyEnabled(error)) void status.refetch();
      },
    });
  };

  const onVerified = (result: TwoFactorVerifyResult, pendingSignIn: boolean) => {
    if (pendingSignIn) {
      setSigningIn(true);
      onSignInCompleted(result);
      return;
    }
    setFreshCodes(setup?.backupCodes ?? null);
    setSetup(null);
    setNotice(t.justEnabled);
    setStatus({
      enabled: true,
      totpEnabled: true,
      passkeys: 0,
      backupCodesRemaining: setup?.backupCodes.length ?? 0,
    });
    onTwoFactorChanged();
  };

  /** A passkey as the first factor: 2FA is on, with backup codes; a forced enrolment is signed in. */
  const onPasskeyAdded = (result: PasskeyRegistered) => {
    if (!result.backupCodes) return;
    if (result.signIn) {
      setEnrolled({ signIn: result.signIn, codes: result.backupCodes });
      return;
    }
    setFreshCodes(result.backupCodes);
    setNotice(t.justEnabledWithPasskey);
    setStatus({
      enabled: true,
      totpEnabled: false,
      passkeys: 1,
      backupCodesRemaining: result.backupCodes.length,
    });
    onTwoFactorChanged();
  };

  const onRegenerated = (codes: string[]) => {
    setFreshCodes(codes);
    setNotice(fr.security.backupCodes.regenerated);
    if (status.data) setStatus({ ...status.data, backupCodesRemaining: codes.length });
  };

  const onDisabled = () => {
    setFreshCodes(null);
    setNotice(fr.security.disable.done);
    setStatus({ enabled: false, totpEnabled: false, passkeys: 0, backupCodesRemaining: 0 });
    onTwoFactorChanged();
  };

  /** A member's last passkey without TOTP takes 2FA with it (decision 0037). */
  const onPasskeyRemoved = (wasLast: boolean) => {
    if (!wasLast) return;
    setFreshCodes(null);
    setNotice(fr.security.disable.done);
    setStatus({ enabled: false, totpEnabled: false, passkeys: 0, backupCodesRemaining: 0 });
    onTwoFactorChanged();
  };
  const passkeysSupported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  let body;
  if (signingIn) body = <Alert tone="success">{t.signInCompleted}</Alert>;
  else if (enrolled)
    body = (
      <>
        <Alert tone="success">{t.justEnabledWithPasskey}</Alert>
        <section className="subsection" aria-labelledby="backup-codes-title">
          <h3 id="backup-codes-title">{fr.security.backupCodes.heading}</h3>
          <BackupCodes codes={enrolled.codes} />
        </section>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setSigningIn(true);
            onSignInCompleted(enrolled.signIn);
          }}
        >
          {t.continueToApp}
        </button>
      </>
    );
  else if (status.isPending) body = <Spinner label={t.loadingStatus} />;
  else if (status.isError)
    body = (
      <>
        <Alert tone="error">{failureMessage(status.error, t.statusError)}</Alert>
        <button type="button" className="button" onClick={() => void status.refetch()}>
          {t.retry}
        </button>
      </>
    );
  else if (status.data.enabled)
    body = (
      <>
        <Alert tone="success">{status.data.totpEnabled ? t.enabledBanner : t.enabledWithPasskeysOnly}</Alert>
        <section className="subsection" aria-labelledby="backup-codes-title">
          <h3 id="backup-codes-title">{fr.security.backupCodes.heading}</h3>
          {freshCodes ? (
            <BackupCodes codes={freshCodes} />
          ) : (
            <>
              <p>{fr.security.backupCodes.remaining(status.data.backupCodesRemaining)}</p>
              <p className="muted">{fr.security.backupCodes.hiddenHint}</p>
            </>
          )}
        </section>
        {token === null ? (
          <p className="muted">{t.needsSignIn}</p>
        ) : (
          <>
            <RegenerateCodesForm onRegenerated={onRegenerated} passkeyOnly={!status.data.totpEnabled} />
            <PasskeysSection
              mode={status.data.totpEnabled ? 'totp' : 'passkeyOnly'}
              onRemoved={onPasskeyRemoved}
            />
            {!status.data.totpEnabled ? (
              user?.role !== 'admin' && <p className="muted">{t.passkeyOnlyDisableNote}</p>
            ) : user?.role === 'admin' ? (
              <section className="subsection" aria-labelledby="disable-two-factor-title">
                <h3 id="disable-two-factor-title">{fr.security.disable.heading}</h3>
                <p className="muted">{fr.security.disable.adminNote}</p>
              </section>
            ) : (
              <DisableTwoFactorForm onDisabled={onDisabled} />
            )}
          </>
        )}
      </>
    );
  else if (setup)
    body = <TwoFactorSetup setup={setup} onVerified={onVerified} onCancel={() => setSetup(null)} />;
  else
    body = (
      <>
        <p>{t.disabledText}</p>
        {start.isError && (
          <Alert tone={isAlreadyEnabled(start.error) ? 'info' : 'error'}>
            {setupErrorMessage(start.error)}
          </Alert>
        )}
        <button type="button" className="button button--primary" onClick={begin} disabled={start.isPending}>
          {start.isPending ? t.enabling : t.enable}
        </button>
        {passkeysSupported && (
          <>
            <p>{t.orPasskey}</p>
            <PasskeysSection mode="first" onAdded={onPasskeyAdded} />
          </>
        )}
      </>
    );

  return (
    <section className="security-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t.heading}</h2>
      <p className="muted">{t.intro}</p>
      {notice && !signingIn && <Alert tone="success">{notice}</Alert>}
      {body}
    </section>
  );
}
