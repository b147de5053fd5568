// The security screen (SPEC §2 "Security screen"); the error texts are SPEC §8's, word for word.
export const security = {
  title: 'Sécurité',
  enrolmentRequired:
    'Accès limité : terminez la mise en place ou la vérification de la double authentification pour accéder au reste de l’application.',
  tabsLabel: 'Rubriques de sécurité',
  tabs: { twoFactor: '2FA', sessions: 'Sessions', audit: "Journal d'audit" },
  tabsNeedSession:
    'Les onglets Sessions et Journal d’audit seront disponibles une fois la double authentification activée.',
  confirmCancel: 'Annuler',

  twoFactor: {
    heading: 'Double authentification (2FA)',
    intro:
      'Protégez votre compte avec un code à 6 chiffres généré par une application d’authentification (FreeOTP, Aegis, Google Authenticator…).',
    loadingStatus: 'Vérification du statut 2FA…',
    statusError: 'Erreur lors de la vérification du statut 2FA',
    retry: 'Réessayer',
    disabledText: 'La double authentification n’est pas activée sur ce compte.',
    enable: 'Activer la 2FA',
    enabling: 'Préparation…',
    enableError: "Erreur lors de l'activation de la 2FA",
    invalidSetup: 'Données de configuration 2FA invalides',
    invalidCode: 'Code invalide',
    setupHeading: 'Configurer votre application',
    scanStep: '1. Scannez ce QR code avec votre application d’authentification.',
    qrAlt: 'QR code à scanner avec votre application d’authentification',
    secretLabel: 'Ou saisissez cette clé à la main :',
    backupStep:
      '2. Enregistrez vos codes de secours maintenant : ils ne seront plus affichés ensuite. Chacun ne sert qu’une fois.',
    verifyStep: '3. Saisissez le code à 6 chiffres affiché par l’application.',
    codeLabel: 'Code à 6 chiffres',
    codeTooShort: 'Saisissez les 6 chiffres du code.',
    verify: 'Vérifier et activer',
    verifying: 'Vérification…',
    cancelSetup: 'Annuler la configuration',
    enabledBanner: 'La double authentification est activée.',
    justEnabled: 'Double authentification activée. Conservez vos codes de secours en lieu sûr.',
    signInCompleted: 'Double authentification activée. Ouverture du tableau de bord…',
    needsSignIn: 'Terminez la connexion pour gérer vos codes de secours ou désactiver la 2FA.',
  },

  backupCodes: {
    heading: 'Codes de secours',
    remaining: (count: number) =>
      count === 0
        ? 'Aucun code de secours restant : régénérez-en.'
        : count === 1
          ? '1 code de secours restant.'
          : `${count} codes de secours restants.`,
    hiddenHint: 'Les codes de secours ne sont affichés qu’une fois, au moment où ils sont créés.',
    listLabel: 'Vos codes de secours',
    show: 'Afficher les codes',
    hide: 'Masquer les codes',
    copy: 'Copier les codes',
    copied: 'Codes copiés dans le presse-papiers.',
    copyFailed: 'Impossible de copier les codes : sélectionnez-les et copiez-les manuellement.',
    download: 'Télécharger (.txt)',
    downloaded: (fileName: string) => `Fichier ${fileName} téléchargé.`,
    fileTitle: 'Jalon — codes de secours de double authentification',
    fileAccount: (email: string) => `Compte : ${email}`,
    fileCreated: (date: string) => `Générés le ${date}`,
    fileHint: 'Chaque code ne peut servir qu’une seule fois. Conservez ce fichier en lieu sûr.',
    regenerateHeading: 'Régénérer les codes de secours',
    regenerateHint:
      'Les anciens codes cesseront de fonctionner. Saisissez un code actuel de votre application pour confirmer.',
    regenerateCodeLabel: 'Code à 6 chiffres pour régénérer',
    regenerate: 'Régénérer les codes',
    regenerating: 'Génération…',
    regenerateConfirmTitle: 'Régénérer les codes de secours ?',
    regenerateConfirmText: 'Les codes de secours actuels ne fonctionneront plus. Cette action est irréversible.',
    regenerateConfirm: 'Oui, régénérer',
    regenerateError: 'Erreur lors de la génération des codes de secours',
    regenerated: 'Nouveaux codes de secours générés. Les anciens ne fonctionnent plus.',
  },

  disable: {
    heading: 'Désactiver la double authentification',
    hint: 'Saisissez un code actuel de votre application pour désactiver la 2FA.',
    codeLabel: 'Code pour désactiver',
    submit: 'Désactiver la 2FA',
    submitting: 'Désactivation…',
    confirmTitle: 'Désactiver la double authentification ?',
    confirmText: 'Votre compte ne sera plus protégé que par son mot de passe.',
    confirm: 'Oui, désactiver',
    error: 'Erreur lors de la désactivation de la 2FA',
    done: 'La double authentification est désactivée.',
    adminNote:
      'En tant qu’administrateur, vous ne pouvez pas désactiver la double authentification : elle est obligatoire pour les comptes administrateurs.',
  },

  sessions: {
    heading: 'Sessions actives',
    intro: 'Les appareils connectés à votre compte. Révoquez ceux que vous ne reconnaissez pas.',
    loading: 'Chargement des sessions…',
    loadError: 'Erreur lors du chargement des sessions',
    retry: 'Réessayer',
    empty: 'Aucune session active.',
    listLabel: 'Sessions',
    current: 'Actuelle',
    lastActive: (date: string) => `Dernière activité : ${date}`,
    created: (date: string) => `Ouverte le ${date}`,
    expires: (date: string) => `Expire le ${date}`,
    revoke: 'Révoquer',
    revokeLabel: (device: string) => `Révoquer la session ${device}`,
    revokeCurrentLabel: (device: string) => `Révoquer la session ${device} (la vôtre)`,
    revokeConfirmTitle: 'Révoquer cette session ?',
    revokeConfirmText: (device: string) => `L’appareil « ${device} » sera déconnecté.`,
    revokeCurrentConfirmText: 'C’est la session de ce navigateur : vous serez déconnecté.',
    revokeConfirm: 'Oui, révoquer',
    revokeError: 'Erreur lors de la révocation de la session',
    revoked: 'Session révoquée.',
    revokeOthers: 'Révoquer toutes les autres sessions',
    revokeOthersConfirmTitle: 'Révoquer toutes les autres sessions ?',
    revokeOthersConfirmText: 'Tous vos autres appareils seront déconnectés. Cette session-ci reste ouverte.',
    revokeOthersConfirm: 'Oui, tout révoquer',
    revokeOthersError: 'Erreur lors de la révocation des autres sessions',
    revokedOthers: (count: number) =>
      count === 0
        ? 'Aucune autre session à révoquer.'
        : count === 1
          ? '1 session révoquée.'
          : `${count} sessions révoquées.`,
  },

  audit: {
    heading: "Journal d'audit",
    filtersLabel: 'Filtres du journal',
    typeLabel: 'Type',
    types: {
      all: 'Tous',
      auth: 'Authentification (auth.*)',
      security: 'Sécurité (security.*)',
      project: 'Projets (project.*)',
      task: 'Tâches (task.*)',
    },
    searchLabel: 'Rechercher (détails, utilisateur)',
    searchPlaceholder: 'Ex. : connexion, alice@…',
    exportCsv: 'Exporter en CSV',
    exportPdf: 'Exporter en PDF',
    exporting: 'Export…',
    // SPEC §8 gives 'Failed to export audit logs' in English; the UI speaks French (see the report).
    exportError: "Échec de l'export du journal d'audit",
    exported: (fileName: string) => `Fichier ${fileName} téléchargé.`,
    caption: "Entrées du journal d'audit, les plus récentes d'abord",
    columns: { date: 'Date', type: 'Type', user: 'Utilisateur', details: 'Détails' },
    system: 'Système',
    loading: 'Chargement du journal…',
    loadError: 'Erreur lors du chargement des logs',
    retry: 'Réessayer',
    empty: 'Aucune entrée ne correspond à ces filtres.',
    loadMore: 'Charger plus',
    loadingMore: 'Chargement…',
    failure: 'échec',
    needsSession: 'Le journal d’audit sera disponible une fois la double authentification activée.',
  },
} as const;
