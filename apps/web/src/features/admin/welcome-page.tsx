import { MSG } from '@meucardapio/domain/messages';
import { isCashierOnly } from '@meucardapio/domain/permissions';
import { ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useStaff } from '@/lib/staff';
import { Dashboard } from './dashboard/dashboard';
import { visibleNav } from './nav';
import { SetupChecklist } from './setup/setup-checklist';

/**
 * /admin: the dashboard for whoever may see reports (not a cashier-only user, who closes the drawer
 * blind); for everyone else the welcome text and shortcuts to the areas they may open.
 */
export default function WelcomePage() {
  const ctx = useStaff();
  const home = ctx.can('view_reports') && !isCashierOnly(ctx.actor) ? <Dashboard /> : <Shortcuts />;
  // The owner sets the restaurant up; the checklist stays on their home until every step is done.
  if (!ctx.isOwner) return home;
  return (
    <div className="grid gap-6">
      <SetupChecklist />
      {home}
    </div>
  );
}

function Shortcuts() {
  const ctx = useStaff();
  const groups = useMemo(() => visibleNav(ctx), [ctx]);

  return (
    <div className="grid gap-8">
      <section className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-orange-50 via-background to-amber-50 p-6 sm:p-8">
        <p className="text-sm font-medium text-brand">{ctx.restaurant?.name ?? 'Seu negócio'}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">Bem-vindo(a), {ctx.staff.name}!</h1>
        <p className="mt-2 max-w-xl text-sm text-muted-foreground">
          {ctx.restaurant
            ? `Este é o painel de ${ctx.restaurant.name}. Escolha uma área no menu para começar.`
            : MSG.configureFirst}
        </p>
      </section>

      {groups.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          {MSG.noFeatures}
        </p>
      ) : (
        <div className="grid gap-6">
          {groups.map((group) => (
            <section key={group.label} aria-labelledby={`grupo-${group.label}`}>
              <h2
                id={`grupo-${group.label}`}
                className="mb-3 text-xs font-medium tracking-wide text-muted-foreground uppercase"
              >
                {group.label}
              </h2>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {group.entries.map((entry) => (
                  <Link
                    key={entry.path}
                    to={`/admin/${entry.path}`}
                    className="group flex items-center gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors outline-none hover:border-foreground/20 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-foreground group-hover:bg-background">
                      <entry.icon className="size-5" aria-hidden />
                    </span>
                    <span className="line-clamp-2 min-w-0 flex-1 text-sm font-medium">{entry.label}</span>
                    <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
                  </Link>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
