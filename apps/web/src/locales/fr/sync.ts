import type { ConflictReason, SyncEntity } from '@jalon/contract';
import type { PauseReason } from '@jalon/sync';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The offline copy, the outbox and the 'Conflits' panel. */
export const sync = {
  badges: {
    pending: 'En attente',
    held: 'En attente d’un conflit',
    conflict: 'Conflit',
  },
  connection: {
    syncing: (count: number) => `Synchronisation… (${count} en attente)`,
    waiting: (count: number) =>
      `${count} ${plural(count, 'modification en attente', 'modifications en attente')}`,
  },
  /** Short toasts on the outcome of background writes (decision 0034). */
  toasts: {
    sent: (count: number) =>
      `${count} ${plural(count, 'modification en attente envoyée', 'modifications en attente envoyées')}.`,
    failed: 'L’envoi a échoué : nouvel essai automatique.',
    paused: 'Envoi suspendu : voir Synchronisation.',
    conflict: (count: number) =>
      `${count} ${plural(count, 'nouveau conflit', 'nouveaux conflits')} : voir Conflits.`,
  },
  storageUnavailable:
    'Le stockage hors ligne est indisponible dans ce navigateur : Jalon fonctionne en ligne, sans copie locale.',
  storageDismiss: 'Compris',
  createdPending: ' (en attente de synchronisation)',
  conflicts: {
    title: 'Conflits',
    count: (count: number) =>
      count === 1 ? '1 modification en conflit à résoudre.' : `${count} modifications en conflit à résoudre.`,
    showAll: 'Tout voir',
    entity: { project: 'Projet', label: 'Étiquette', task: 'Tâche', comment: 'Commentaire' } satisfies Record<
      SyncEntity,
      string
    >,
    reasons: {
      version_mismatch: 'Modifiée ailleurs entre-temps',
      depends_on_conflict: 'Dépend d’une modification en conflit',
      not_found: 'N’existe plus sur le serveur',
      forbidden: 'Action non autorisée',
      deleted: 'Supprimée sur le serveur',
      invalid: 'Refusée par le serveur',
      already_applied: 'Déjà appliquée',
    } satisfies Record<ConflictReason, string>,
    field: 'Champ',
    fieldLabels: {
      title: 'Titre',
      name: 'Nom',
      description: 'Description',
      status: 'Statut',
      priority: 'Priorité',
      progress: 'Progression',
      deadline: 'Échéance',
      estimatedMinutes: 'Estimation',
      project: 'Projet',
      assignee: 'Assigné à',
      body: 'Texte',
      labels: 'Étiquettes',
      color: 'Couleur',
    } as Record<string, string>,
    mine: 'Ma version',
    server: 'Serveur',
    resolved: 'Résolu',
    markResolved: 'Marquer résolu',
    markResolvedHint: 'Classe le conflit sans rien envoyer ni rien changer sur cet appareil.',
    applyServer: 'Garder la version du serveur',
    applyServerHint: 'Abandonne votre modification et affiche la version du serveur.',
    replay: 'Renvoyer ma version',
    replayHint: 'Renvoie votre modification, qui remplace celle du serveur.',
    merge: 'Fusionner…',
    mergeHint: 'Choisissez, champ par champ, la valeur à garder.',
    pickMine: (value: string) => `Ma version : ${value}`,
    pickServer: (value: string) => `Version du serveur : ${value}`,
    pickOther: 'Autre valeur',
    otherValueOf: (field: string) => `Autre valeur pour ${field}`,
    mergeApply: 'Appliquer la fusion',
    mergeCancel: 'Annuler',
    invalidJson: 'JSON invalide: les valeurs fusionnées ne sont pas lisibles.',
    clearResolved: 'Effacer les résolus',
    purge: 'Tout purger',
    purgeConfirm:
      'Supprimer tous les conflits, résolus ou non ? Les modifications en conflit seront perdues.',
    empty: 'Aucun conflit.',
  },
  outbox: {
    title: 'Modifications en attente',
    pageTitle: 'Synchronisation',
    empty: 'Aucune modification en attente.',
    create: 'Création',
    patch: 'Modification',
    delete: 'Suppression',
    state: {
      pending: 'En attente d’envoi',
      sent: 'Envoyée, en attente de réponse',
      acked: 'Appliquée',
      held: 'Bloquée par un conflit',
    },
    waitingUntil: (time: string) => `Nouvel essai à ${time}`,
    paused: {
      unauthorized: 'Envoi suspendu : reconnectez-vous.',
      out_of_order: 'Envoi suspendu : le serveur a perdu des modifications de cet appareil.',
      wrong_user: 'Envoi suspendu : ces modifications appartiennent à un autre compte.',
      upgrade_required: 'Envoi suspendu : rechargez la page pour mettre Jalon à jour.',
      client_unknown: 'Envoi suspendu : appareil inconnu du serveur.',
      refused: 'Envoi suspendu : le serveur a refusé les modifications.',
    } satisfies Record<PauseReason, string>,
    retry: 'Réessayer',
    discard: 'Abandonner',
    discardLabel: (what: string) => `Abandonner : ${what}`,
    lastSync: (age: string) => `Dernière synchronisation ${age}`,
    neverSynced: 'Pas encore synchronisé',
  },
  signOut: {
    title: 'Modifications non envoyées',
    message: (count: number) =>
      `${count} ${plural(count, 'modification n’a', 'modifications n’ont')} pas encore été ${plural(count, 'envoyée', 'envoyées')} au serveur.`,
    sendNow: 'Envoyer maintenant',
    keep: 'Garder pour cet utilisateur',
    discard: 'Abandonner',
    cancel: 'Annuler',
    sendFailed: 'L’envoi a échoué : les modifications sont gardées sur cet appareil.',
  },
} as const;
