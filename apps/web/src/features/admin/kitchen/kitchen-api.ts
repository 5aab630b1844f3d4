import type { KitchenBoard, KitchenReadyResult, KitchenStation, KitchenThresholds } from '@meucardapio/domain/kitchen';
import { api } from '@/lib/api';

export const kitchenKeys = {
  all: ['admin', 'kitchen'] as const,
  board: (station: string) => ['admin', 'kitchen', 'board', station] as const,
  stations: ['admin', 'kitchen', 'stations'] as const,
  settings: ['admin', 'kitchen', 'settings'] as const,
};

/** 'all' or a station id. */
export const fetchBoard = (station: string) =>
  api.get<KitchenBoard>('/api/admin/kitchen/board', { query: { station } });

export const markReady = async (id: string) =>
  (await api.post<{ order: KitchenReadyResult }>(`/api/admin/kitchen/orders/${id}/ready`)).order;

export const fetchStations = async () =>
  (await api.get<{ stations: KitchenStation[] }>('/api/admin/kitchen/stations')).stations;

export const fetchThresholds = async () =>
  (await api.get<{ thresholds: KitchenThresholds }>('/api/admin/kitchen/settings')).thresholds;

export const saveThresholds = async (t: KitchenThresholds) =>
  (await api.put<{ thresholds: KitchenThresholds }>('/api/admin/kitchen/settings', t)).thresholds;
