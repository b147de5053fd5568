import type { ErrorCode } from '@jalon/contract';

/**
 * One French sentence per stable problem code (decision 0004): the server's English `detail` is for
 * developers and is never shown.
 */
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
  username_taken: 'Ce nom ressemble trop à celui d’un autre membre. Choisissez-en un autre.',
  weak_password: 'Le mot de passe doit contenir au moins 8 caractères.',
  common_password: 'Ce mot de passe est trop courant. Choisissez-en un autre.',
  wrong_current_password: 'Le mot de passe actuel est incorrect.',
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
  account_deactivated: 'Compte désactivé. Contactez un administrateur.',
  invalid_invitation_token: 'Ce lien d’invitation est invalide, expiré ou déjà utilisé.',
  last_admin: 'Le dernier administrateur actif ne peut être ni rétrogradé ni désactivé.',
  self_change: 'Cette action n’est pas possible sur votre propre compte.',
  passkey_challenge_expired: 'La demande de clé d’accès a expiré. Recommencez.',
  passkey_invalid: 'La clé d’accès n’a pas pu être vérifiée.',
  passkey_already_registered: 'Cette clé d’accès est déjà enregistrée.',
  too_many_passkeys: 'Vous avez atteint le nombre maximal de clés d’accès (10).',
  no_passkey: 'Aucune clé d’accès n’est enregistrée pour ce compte.',
  last_second_factor:
    'Un administrateur doit garder un second facteur : ajoutez une autre clé d’accès ou activez l’application d’authentification avant de supprimer celle-ci.',
  id_taken: 'Cet identifiant est déjà utilisé par un autre élément. Rechargez la page et recommencez.',
  sso_no_account: 'Aucun compte Jalon pour cette adresse. Demandez une invitation.',
  sso_email_unverified:
    'Votre fournisseur d’identité n’indique pas que votre adresse e-mail est vérifiée : Jalon ne peut pas vous reconnaître.',
  sso_failed: 'La connexion par le fournisseur d’identité a échoué ou a expiré. Recommencez.',
  sso_unavailable: 'Connexion SSO indisponible',
  sso_logout_token_invalid: 'Le jeton de déconnexion du fournisseur d’identité a été refusé.',
  password_login_disabled:
    'La connexion par mot de passe est désactivée : utilisez le fournisseur d’identité de votre organisation.',
  name_taken: 'Une autre étiquette porte déjà ce nom (majuscules et accents mis à part).',
  invitation_pending:
    'Une invitation est déjà en attente pour cette adresse : son lien reste valable. Révoquez-la pour en envoyer une nouvelle.',
  webhook_target_refused:
    'Cette adresse n’est pas acceptée : utilisez une adresse https publique (les adresses locales ou privées sont refusées).',
  too_many_webhooks: 'Vous avez atteint le nombre maximal de webhooks (50).',
  too_many_tokens:
    'Vous avez atteint le nombre maximal de jetons d’accès (20). Révoquez-en un pour en créer un autre.',
  file_missing: 'Aucun fichier n’a été envoyé.',
  file_too_large: 'Ce fichier dépasse la taille maximale autorisée.',
  storage_full: 'L’espace réservé aux fichiers de cette instance est plein. Contactez un administrateur.',
  import_malformed: 'Ce fichier ne peut pas être lu.',
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
