import type { AuditEntry, Dashboard, Project, Trends } from '@jalon/contract';
import { dashboard } from '../../locales/fr/dashboard.ts';

// The dashboard's rules as plain functions, so each one is tested on its own.

const t = dashboard;
const DAY_MS = 86_400_000;
const dayNumber = (date: Date): number =>
  Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);

/** Calendar days from today to the day of `deadline`, where the user is (0 = today). */
export const calendarDaysUntil = (deadline: string, now: Date): number =>
  dayNumber(new Date(deadline)) - dayNumber(now);

export type ProjectDeadline = { kind: 'overdue' } | { kind: 'days'; days: number } | null;

/**
 * Overdue when the deadline is past and progress is below 100 ('En retard'), otherwise J-{days}.
 * A project finished after its deadline has nothing left due: no badge.
 */
export function projectDeadline(project: Pick<Project, 'deadline' | 'progress'>, now: Date): ProjectDeadline {
  if (project.deadline === null) return null;
  const time = Date.parse(project.deadline);
  if (Number.isNaN(time)) return null;
  if (time < now.getTime()) return project.progress < 100 ? { kind: 'overdue' } : null;
  return { kind: 'days', days: calendarDaysUntil(project.deadline, now) };
}

export type DeadlineLevel = 'overdue' | 'soon' | 'near' | 'later';

/** The four badge levels of 'Échéances à venir': overdue, 2 days or fewer, 5 days or fewer, later. */
export function deadlineLevel(deadline: string, now: Date): DeadlineLevel {
  if (Date.parse(deadline) < now.getTime()) return 'overdue';
  const days = calendarDaysUntil(deadline, now);
  if (days <= 2) return 'soon';
  if (days <= 5) return 'near';
  return 'later';
}

/** The actor's name, else e-mail, else 'Système'. */
export const actorName = (user: AuditEntry['user']): string =>
  user.name?.trim() || user.email?.trim() || t.activity.system;

export const activityText = (entry: Pick<AuditEntry, 'details' | 'type'>): string =>
  entry.details.trim() || entry.type;

export interface ChartSeries {
  labels: string[];
  values: number[];
}

// How the dashboard reads a project's status: active = in progress, on_hold = not started, cancelled = delayed.
const PROJECT_ORDER = ['active', 'completed', 'on_hold', 'cancelled'] as const;
const PRIORITY_ORDER = ['high', 'medium', 'low'] as const;

export const projectStatusSeries = (byStatus: Dashboard['projectsByStatus']): ChartSeries => ({
  labels: PROJECT_ORDER.map((status) => t.charts.projectLabels[status]),
  values: PROJECT_ORDER.map((status) => byStatus[status] ?? 0),
});

export const prioritySeries = (byPriority: Dashboard['tasksByPriority']): ChartSeries => ({
  labels: PRIORITY_ORDER.map((priority) => t.charts.priorityLabels[priority]),
  values: PRIORITY_ORDER.map((priority) => byPriority[priority] ?? 0),
});

export type InsightKey = 'created' | 'completed' | 'inReview' | 'overdue' | 'reopened';

export interface Insight {
  key: InsightKey;
  label: string;
  values: number[];
  total: number;
  /** Per day over the chosen period. */
  average: number;
}

const CORE_INSIGHTS = ['created', 'completed', 'inReview'] as const;
const OPTIONAL_INSIGHTS = ['overdue', 'reopened'] as const;

/** Créations, Terminées, En revue always; Retards and Réouvertes when the answer has those series. */
export function insights(trends: Partial<Trends>, periodDays: number): Insight[] {
  const keys: InsightKey[] = [
    ...CORE_INSIGHTS,
    ...OPTIONAL_INSIGHTS.filter((key) => (trends[key]?.length ?? 0) > 0),
  ];
  return keys.map((key) => {
    const values = trends[key] ?? [];
    const total = values.reduce((sum, value) => sum + value, 0);
    return { key, label: t.insights[key], values, total, average: periodDays > 0 ? total / periodDays : 0 };
  });
}

/**
 * A daily average with one decimal as fr-FR writes it: '1,5', '1\u202f234,5' (a narrow no-break space between
 * thousands). Written out rather than asked of Intl.NumberFormat, for the reason lib/dates.ts gives. The
 * decimal text is shifted, not the binary value, so that 1.15 rounds up to '1,2' as Intl rounds it.
 */
export function formatAverage(average: number): string {
  const tenths = average < 1e-6 ? 0 : Math.round(Number(`${average}e1`));
  const whole = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, '\u202f');
  return `${whole},${tenths % 10}`;
}
