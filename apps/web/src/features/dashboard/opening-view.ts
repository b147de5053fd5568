import { DASHBOARD } from '@jalon/contract/plain';
import type { DashboardFilters } from './api/get-dashboard.ts';

/**
 * What the dashboard shows when it opens: every project, the default period. The page starts from it,
 * and the first screen's early reads (app/first-screen-data.ts) ask for it, so both use the same keys.
 */
export const OPENING_VIEW: Readonly<DashboardFilters & { period: number }> = {
  period: DASHBOARD.defaultPeriod,
  projectId: null,
  status: null,
};
