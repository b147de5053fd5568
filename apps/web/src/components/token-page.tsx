import type { ReactNode } from 'react';
import { useNavigate } from '../lib/navigation.ts';
import { fr } from '../locales/fr/index.ts';
import { Alert } from './ui/alert.tsx';

interface TokenPageProps {
  /** Id of the heading, which also names the form inside. */
  titleId: string;
  words: { title: string; hint: string; missingToken: string; backToLogin: string };
  /** The `token` of the emailed link ('' when the link has none). */
  token: string;
  /** The form, shown only when the link carries a token. */
  children: ReactNode;
}

/** The frame of a public page opened from an emailed link (/reset-password, /invitation). */
export function TokenPage({ titleId, words, token, children }: TokenPageProps) {
  const navigate = useNavigate();
  return (
    <section className="login" aria-labelledby={titleId}>
      <p className="login__brand">{fr.common.productName}</p>
      <h1 id={titleId}>{words.title}</h1>
      <p className="form__hint">{words.hint}</p>
      {token === '' ? <Alert tone="error">{words.missingToken}</Alert> : children}
      <button type="button" className="link-button login__back" onClick={() => void navigate('/login')}>
        {words.backToLogin}
      </button>
    </section>
  );
}
