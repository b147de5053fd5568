// What the task and project screens use of the offline feature: a row's 'En attente' or 'Conflit', and
// the conflicts panel.
export { ConflictsPanel } from './components/conflicts-panel.tsx';
export { PendingBadge } from './components/pending-badge.tsx';
