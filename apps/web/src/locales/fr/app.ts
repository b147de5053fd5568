export const app = {
  errorTitle: 'Une erreur est survenue.',
  errorHint: 'Rechargez la page. Si le problème persiste, contactez votre administrateur.',
  reload: 'Recharger la page',
  hashMode: 'Passer en mode hash (adresse IP)',
} as const;
