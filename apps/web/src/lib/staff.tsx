import { MSG } from '@meucardapio/domain/messages';
import {
  hasAnyPermission,
  hasPermission,
  type PermissionKey,
  type StaffActor,
  visibleSettingsTabs,
} from '@meucardapio/domain/permissions';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { isStaff, type StaffMe, useAuth } from './auth';

/** The permission actor of a signed-in staff member (what permissions.ts expects). */
export function toStaffActor(me: StaffMe): StaffActor {
  return me.kind === 'owner' ? { kind: 'owner' } : { kind: 'employee', profile: me.profile, employeeActive: true };
}

export type StaffContext = {
  staff: StaffMe;
  actor: StaffActor;
  /** Holds the permission key. */
  can: (key: PermissionKey) => boolean;
  /** Holds at least one of the keys. */
  canAny: (keys: readonly PermissionKey[]) => boolean;
  isOwner: boolean;
  isCommerce: boolean;
  restaurant: StaffMe['restaurant'];
};

/**
 * The signed-in staff member and permission checks. Only for screens under the admin shell,
 * which guarantees a staff session; elsewhere it throws.
 */
export function useStaff(): StaffContext {
  const { user } = useAuth();
  const ctx = useMemo(() => (isStaff(user) ? staffContext(user) : null), [user]);
  if (!ctx) throw new Error('useStaff must be used under the admin shell (staff session required)');
  return ctx;
}

export function staffContext(staff: StaffMe): StaffContext {
  const actor = toStaffActor(staff);
  return {
    staff,
    actor,
    can: (key) => hasPermission(actor, key),
    canAny: (keys) => hasAnyPermission(actor, keys),
    isOwner: staff.kind === 'owner',
    isCommerce: staff.restaurant?.businessSegment === 'commerce',
    restaurant: staff.restaurant,
  };
}

/** Whether a staff member may open the settings page (at least one of its tabs). */
export function canOpenSettings(actor: StaffActor): boolean {
  return visibleSettingsTabs(actor).length > 0;
}

/** What a page says to whoever may not open it: a title, the spec's sentence, and what to do about it. */
export type DenialText = { title?: string; message?: string; hint?: string };

/** The denial panel shown inside the admin shell, worded by the page (spec 2 §6, spec 3 §6). */
export function PermissionDenied({ title = MSG.accessDenied, message = MSG.noPermission, hint }: DenialText) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlert className="size-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{message}</p>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}

/**
 * Renders children only when the staff member holds one of `anyOf` (or `permission`);
 * otherwise the denial text (or `fallback`).
 */
export function RequirePermission({
  anyOf,
  permission,
  fallback,
  children,
}: {
  anyOf?: readonly PermissionKey[];
  permission?: PermissionKey;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const { canAny } = useStaff();
  const keys = anyOf ?? (permission ? [permission] : []);
  if (keys.length > 0 && !canAny(keys)) return <>{fallback ?? <PermissionDenied />}</>;
  return <>{children}</>;
}
