import { MSG } from '@meucardapio/domain/messages';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { Skeleton } from '@/components/ui/skeleton';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AdminHeader } from '@/features/admin/admin-header';
import { AdminSidebar } from '@/features/admin/sidebar';
import { type AdminRouteHandle, isAdminRouteHandle } from '@/lib/admin-pages';
import { isStaff, useAuth } from '@/lib/auth';
import { PermissionDenied, staffContext } from '@/lib/staff';
import { useStaffApp } from '@/lib/staff-app';

function useAdminRouteHandle(): AdminRouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isAdminRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** Renders the page, or the denial text when the staff member may not open it. */
function PageGate() {
  const { user } = useAuth();
  const handle = useAdminRouteHandle();
  const ctx = useMemo(() => (isStaff(user) ? staffContext(user) : null), [user]);

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} · MeuCardápio` : 'Painel · MeuCardápio';
  }, [handle?.title]);

  if (!ctx) return null;
  if (handle?.restaurantOnly && ctx.isCommerce) return <PermissionDenied />;
  if (handle?.permissions && !ctx.canAny(handle.permissions)) return <PermissionDenied {...handle.denial} />;
  return <Outlet />;
}

function ShellSkeleton() {
  return (
    <div className="flex min-h-svh" aria-busy="true">
      <span className="sr-only">Carregando...</span>
      <div className="hidden w-64 shrink-0 flex-col gap-3 border-r bg-sidebar p-3 md:flex">
        <Skeleton className="h-8 w-40" />
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
      <div className="flex-1">
        <div className="flex h-14 items-center gap-3 border-b px-4">
          <Skeleton className="h-5 w-40" />
        </div>
        <div className="grid gap-4 p-4 sm:p-6">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

/**
 * The admin shell. Signed-out visitors go to /auth. Cashier-only staff get a header with the chat
 * button and the cashier screen only; everyone else the sidebar, filtered by permission.
 */
export default function AdminLayout() {
  const { status, user } = useAuth();
  const location = useLocation();
  const fullWidth = useAdminRouteHandle()?.fullWidth === true;
  useStaffApp();

  if (status === 'loading') return <ShellSkeleton />;
  if (!isStaff(user)) return <Navigate to="/auth" replace />;

  if (user.cashierOnly) {
    // A cashier profile whose manage_cashier was switched off has no screen at all: it stays where it is
    // and says so (spec 2 §2), instead of being sent to a cashier screen it may not open.
    const hasCashier = staffContext(user).can('manage_cashier');
    if (hasCashier && location.pathname.replace(/\/+$/, '') !== '/admin/cashier')
      return <Navigate to="/admin/cashier" replace />;
    return (
      <TooltipProvider>
        <div className="flex min-h-svh flex-col bg-background">
          <AdminHeader withSidebar={false} />
          <main id="conteudo" className="flex-1 p-3 sm:p-6">
            {hasCashier ? <PageGate /> : <PermissionDenied message={MSG.noFeatures} />}
          </main>
        </div>
      </TooltipProvider>
    );
  }

  // Tooltips are an admin-only affordance: their provider (Radix + floating-ui) lives here, not in the
  // app root, so the public menu never downloads it.
  return (
    <TooltipProvider>
      <SidebarProvider>
        <AdminSidebar />
        <SidebarInset>
          <AdminHeader />
          <main id="conteudo" className="flex-1 p-4 sm:p-6">
            <div className={fullWidth ? 'w-full' : 'mx-auto w-full max-w-7xl'}>
              <PageGate />
            </div>
          </main>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  );
}
