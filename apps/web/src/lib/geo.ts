import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type GeoState = { code: string; name: string };

/** The 27 UFs, from our own bundled IBGE list (it never changes while the page is open). */
export function useGeoStates() {
  return useQuery({
    queryKey: ['geo', 'states'],
    queryFn: () => api.get<{ states: GeoState[] }>('/api/geo/states').then((r) => r.states),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The municipalities of a state (UF); idle until a UF is given. */
export function useStateCities(uf: string | null | undefined) {
  const code = (uf ?? '').toUpperCase();
  return useQuery({
    queryKey: ['geo', 'cities', code],
    queryFn: () =>
      api.get<{ cities: string[] }>(`/api/geo/states/${encodeURIComponent(code)}/cities`).then((r) => r.cities),
    enabled: code.length === 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
