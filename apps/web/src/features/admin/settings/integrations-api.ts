import type { ConnectionInput, ConnectionView } from '@meucardapio/domain/marketplace';
import { api } from '@/lib/api';

export const INTEGRATIONS_KEY = ['admin-integrations'] as const;

export type SimulatorCall = { action: string; orderId: string; displayId: string; at: string };

export const fetchIntegrations = () =>
  api.get<{ connections: ConnectionView[]; menuKey: { prefix: string; createdAt: string } | null; located: boolean }>(
    '/api/admin/integrations',
  );
export const saveIntegration = (body: Partial<ConnectionInput> & { app: ConnectionInput['app'] }) =>
  api.put<{ connection: ConnectionView }>('/api/admin/integrations', body).then((r) => r.connection);
export const deleteIntegration = (id: string) => api.delete(`/api/admin/integrations/${id}`);
export const testIntegration = (id: string) =>
  api.post<{ ok: boolean; message: string }>(`/api/admin/integrations/${id}/test`);
export const refuseNextCall = (id: string) => api.post<{ ok: true }>(`/api/admin/integrations/${id}/refuse-next-call`);
export const simulateOrder = (id: string, order: { app: 'ifood' | 'keeta'; scheduled?: boolean }) =>
  api.post<{ displayId: string; scheduled: boolean }>(`/api/admin/integrations/${id}/simulate`, order);
export const fetchSimulatorCalls = (id: string) =>
  api.get<{ calls: SimulatorCall[] }>(`/api/admin/integrations/${id}/calls`).then((r) => r.calls);
export const generateMenuKey = () => api.post<{ key: string; prefix: string }>('/api/admin/integrations/menu-key');
