export const me = {
  title: 'Mon profil',
  profile: 'Identité',
  name: 'Nom',
  email: 'E-mail',
  role: 'Rôle',
  roles: { admin: 'Administrateur', member: 'Membre' } as Record<string, string>,
  twoFactor: 'Double authentification',
  twoFactorOn: 'Activée',
  twoFactorOff: 'Désactivée',
  manageSecurity: 'Gérer la sécurité du compte',
  password: {
    heading: 'Changer le mot de passe',
    hint: 'Le mot de passe actuel est demandé. Vos autres sessions seront fermées.',
    current: 'Mot de passe actuel',
    next: 'Nouveau mot de passe',
    confirm: 'Confirmer le nouveau mot de passe',
    show: {
      current: 'Afficher le mot de passe actuel',
      next: 'Afficher le nouveau mot de passe',
      confirm: 'Afficher la confirmation',
    },
    hide: {
      current: 'Masquer le mot de passe actuel',
      next: 'Masquer le nouveau mot de passe',
      confirm: 'Masquer la confirmation',
    },
    mismatch: 'Les mots de passe ne correspondent pas.',
    submit: 'Changer le mot de passe',
    submitting: 'Modification…',
    failed: 'Le mot de passe n’a pas été changé',
    done: (count: number) =>
      count === 0
        ? 'Mot de passe changé.'
        : count === 1
          ? 'Mot de passe changé. 1 autre session a été fermée.'
          : `Mot de passe changé. ${count} autres sessions ont été fermées.`,
  },
  display: 'Affichage',
} as const;
