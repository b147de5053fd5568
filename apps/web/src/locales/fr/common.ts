export const common = {
  productName: 'Jalon',
  loading: 'Chargement…',
  verifyingSession: 'Vérification de la session…',
  retry: 'Réessayer',
  unknownError: 'Erreur inconnue',
  sessionCheckFailed: 'Impossible de vérifier la session.',
} as const;
