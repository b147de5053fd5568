import type { Role } from '@jalon/contract';

/** A role as the audit journal writes it, in French like the rest of what a person reads there. */
const ROLE_LABELS: Record<Role, string> = { admin: 'administrateur', member: 'membre' };

export const roleLabel = (role: Role): string => ROLE_LABELS[role];
