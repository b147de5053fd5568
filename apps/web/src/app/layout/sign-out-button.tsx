import LogOut from 'lucide-react/icons/log-out';
import { useSignOut } from './use-sign-out.tsx';
import { fr } from '../../locales/fr/index.ts';

/** 'Se déconnecter' in the shell: asks about unsent changes first (useSignOut). */
export function SignOutButton({ userId }: { userId: string | null }) {
  const signOut = useSignOut(userId);
  return (
    <>
      <button
        type="button"
        className="button sign-out-button"
        onClick={() => void signOut.start()}
        disabled={signOut.pending}
      >
        <LogOut aria-hidden="true" focusable="false" size={18} />
        {signOut.pending ? fr.layout.signingOut : fr.layout.signOut}
      </button>
      {signOut.dialog}
    </>
  );
}
