import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout.ts';
import { fr } from '../../locales/fr/index.ts';

export function SignOutButton() {
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: logout,
    onSettled: () => void navigate('/login', { replace: true }),
  });
  return (
    <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      {signOut.isPending ? fr.layout.signingOut : fr.layout.signOut}
    </button>
  );
}
