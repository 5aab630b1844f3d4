import type { DashboardView } from '@meucardapio/domain/dashboard';
import { api } from '@/lib/api';

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  day: (date: string | null) => ['admin', 'dashboard', date] as const,
};

/** The dashboard of a local day (today when null); the contract lives in domain/dashboard.ts. */
export function fetchDashboard(date: string | null): Promise<DashboardView> {
  return api<DashboardView>('/api/admin/dashboard', { query: { date } });
}
