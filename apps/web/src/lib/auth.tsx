import type { Profile } from '@meucardapio/domain/permissions';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { api, isApiError } from './api';

export type BusinessSegment = 'restaurant' | 'commerce';

/** A signed-in owner or employee, as answered by GET /api/auth/me. */
export type StaffMe = {
  kind: 'owner' | 'employee';
  id: string;
  name: string;
  email: string;
  restaurant: { id: string; name: string; slug: string; businessSegment: BusinessSegment; timezone: string } | null;
  profile: Profile;
  cashierOnly: boolean;
  deliveryPerson: boolean;
};

/** A signed-in customer of one restaurant. */
export type CustomerMe = {
  kind: 'customer';
  id: string;
  name: string;
  email: string;
  phone: string | null;
  restaurant: { id: string; name: string; slug: string };
  customer: Record<string, unknown>;
};

export type Me = StaffMe | CustomerMe;

export function isStaff(user: Me | null | undefined): user is StaffMe {
  return !!user && (user.kind === 'owner' || user.kind === 'employee');
}

export function isCustomer(user: Me | null | undefined): user is CustomerMe {
  return !!user && user.kind === 'customer';
}

export const ME_QUERY_KEY = ['auth', 'me'] as const;

type AuthContextValue = {
  /** 'loading' until the session has been asked of the server (see `useAuth({ load })`). */
  status: 'loading' | 'ready';
  user: Me | null;
  /** Re-reads the session from the server; resolves with the fresh user. */
  refresh: () => Promise<Me | null>;
  /** Stores the user answered by login/sign-up without another round trip. */
  setUser: (user: Me | null) => void;
  /** Ends the session on the server and forgets the user (and every cached query). */
  logout: () => Promise<void>;
};

type AuthActions = Pick<AuthContextValue, 'refresh' | 'setUser' | 'logout'>;

const AuthContext = createContext<AuthActions | null>(null);

async function fetchMe(): Promise<Me | null> {
  try {
    const res = await api.get<{ user: Me | null }>('/api/auth/me');
    return res?.user ?? null;
  } catch (err) {
    // No network: keep whoever was signed in (a PDV selling offline stays signed in; decision 057).
    if (isApiError(err) && err.status === 0) throw err;
    // No session, or the server failing: treat as signed out rather than blocking the app.
    return null;
  }
}

const meQuery = {
  queryKey: ME_QUERY_KEY,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
  retry: false,
  refetchOnWindowFocus: true,
  // Asked even offline: in the staff area the service worker answers with the last copy.
  networkMode: 'offlineFirst',
} as const;

/**
 * Starts reading the session without waiting for it. Route loaders of screens that need the session
 * call it, so GET /api/auth/me runs in parallel with the screen's code download instead of after it.
 */
export function prefetchSession(queryClient: QueryClient) {
  void queryClient.prefetchQuery(meQuery);
}

/**
 * Holds the session actions. The session itself is read lazily, by the first `useAuth()` that needs
 * it (or a route loader's prefetchSession), so a screen that does not need it — the public menu
 * before its first paint — sends no /api/auth/me request.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();

  const actions = useMemo<AuthActions>(
    () => ({
      refresh: () => queryClient.fetchQuery({ ...meQuery, staleTime: 0 }),
      setUser: (user) => queryClient.setQueryData<Me | null>(ME_QUERY_KEY, user),
      logout: async () => {
        try {
          await api.post('/api/auth/logout');
        } finally {
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
          queryClient.setQueryData<Me | null>(ME_QUERY_KEY, null);
        }
      },
    }),
    [queryClient],
  );

  return <AuthContext.Provider value={actions}>{children}</AuthContext.Provider>;
}

/**
 * The session: `{ status, user, refresh, setUser, logout }`. With `load: false` it only reads what is
 * already known (status stays 'loading' until someone loads it), for UI that can wait until the page
 * has painted.
 */
export function useAuth({ load = true }: { load?: boolean } = {}): AuthContextValue {
  const actions = useContext(AuthContext);
  if (!actions) throw new Error('useAuth must be used within an AuthProvider');
  const me = useQuery({ ...meQuery, enabled: load });
  const user = me.data ?? null;
  const status = me.isPending ? 'loading' : 'ready';
  return useMemo(() => ({ status, user, ...actions }), [status, user, actions]);
}
