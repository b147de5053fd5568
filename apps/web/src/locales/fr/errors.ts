import type { ErrorCode } from '@jalon/contract';

/** One French sentence per stable problem code (DESIGN §4): the English `detail` is never shown. */
export const problemMessages: Record<ErrorCode, string> = {
  validation_failed: 'Les informations envoyées sont invalides.',
  invalid_json: 'La requête envoyée est illisible.',
  unsupported_media_type: 'Format de requête non pris en charge.',
  payload_too_large: 'La requête est trop volumineuse.',
  invalid_credentials: 'Identifiants invalides',
  account_locked: 'Trop de tentatives de connexion. Réessayez plus tard.',
  rate_limited: 'Trop de requêtes. Réessayez plus tard.',
  unauthorized: 'Vous devez vous connecter.',
  session_expired: 'Session expirée. Veuillez vous reconnecter.',
  two_factor_required: 'La double authentification est requise.',
  two_factor_enrolment_required: 'Activez la double authentification pour continuer.',
  forbidden: 'Action non autorisée.',
  not_found: 'Élément introuvable.',
  version_conflict: 'Cet élément a été modifié entre-temps.',
  email_taken: 'Cette adresse e-mail est déjà utilisée.',
  weak_password: 'Le mot de passe doit contenir au moins 8 caractères.',
  common_password: 'Ce mot de passe est trop courant. Choisissez-en un autre.',
  invalid_reset_token: 'Le lien est invalide, expiré ou déjà utilisé.',
  registration_disabled: 'Les inscriptions sont fermées.',
  internal_error: 'Le serveur a rencontré une erreur. Réessayez plus tard.',
  out_of_order: 'Les modifications hors ligne arrivent dans le désordre : elles seront renvoyées.',
  wrong_user: 'Ces modifications hors ligne appartiennent à un autre compte.',
  upgrade_required: 'Cette version de Jalon est trop ancienne : rechargez la page.',
  client_unknown: 'Cet appareil n’est plus connu du serveur : vos données vont être rechargées.',
  database_unavailable: 'La base de données ne répond pas. Réessayez dans un instant.',
  invalid_code: 'Code invalide',
  two_factor_already_enabled: 'La double authentification est déjà activée.',
  two_factor_not_started: 'Commencez par lancer la configuration de la double authentification.',
};

export const errors = {
  network: (url: string) =>
    `Impossible de se connecter au serveur: ${url}. Vérifiez que le serveur backend est en cours d'exécution.`,
  loginFailed: 'Échec de la connexion',
  attemptsRemaining: (count: number) => ` (tentatives restantes: ${count})`,
  lockedUntil: (time: string) => ` Compte verrouillé jusqu’à ${time}.`,
  tooManyLogins: 'Trop de tentatives de connexion. Réessayez plus tard.',
  invalidTwoFactorCode: 'Code 2FA invalide',
  resetLinkFailed: 'Erreur envoi lien',
  resetFailed: 'Échec de la réinitialisation',
  unknown: 'Erreur inconnue',
  sessionExpired: 'Session expirée. Veuillez vous reconnecter.',
} as const;
