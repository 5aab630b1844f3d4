import type { Profile } from '@meucardapio/domain/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { api } from './api';

export type BusinessSegment = 'restaurant' | 'commerce';

/** A signed-in owner or employee, as answered by GET /api/auth/me. */
export type StaffMe = {
  kind: 'owner' | 'employee';
  id: string;
  name: string;
  email: string;
  restaurant: { id: string; name: string; slug: string; businessSegment: BusinessSegment } | null;
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
  status: 'loading' | 'ready';
  user: Me | null;
  /** Re-reads the session from the server; resolves with the fresh user. */
  refresh: () => Promise<Me | null>;
  /** Stores the user answered by login/sign-up without another round trip. */
  setUser: (user: Me | null) => void;
  /** Ends the session on the server and forgets the user (and every cached query). */
  logout: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

async function fetchMe(): Promise<Me | null> {
  try {
    const res = await api.get<{ user: Me | null }>('/api/auth/me');
    return res?.user ?? null;
  } catch {
    // No server or no session: treat as signed out rather than blocking the app.
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: true,
  });

  const setUser = useCallback(
    (user: Me | null) => queryClient.setQueryData<Me | null>(ME_QUERY_KEY, user),
    [queryClient],
  );

  const refresh = useCallback(async () => {
    const res = await me.refetch();
    return res.data ?? null;
  }, [me.refetch]);

  const logout = useCallback(async () => {
    try {
      await api.post('/api/auth/logout');
    } finally {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData<Me | null>(ME_QUERY_KEY, null);
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: me.isPending ? 'loading' : 'ready',
      user: me.data ?? null,
      refresh,
      setUser,
      logout,
    }),
    [me.isPending, me.data, refresh, setUser, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: `{ status, user, refresh, setUser, logout }`. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
