import { imageSrcSet } from '@meucardapio/domain/image-variants';
import { Clock, ShoppingBag, Star, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { MenuRestaurant } from '../menu-types';

/** A round, semi-opaque button that stays readable over any banner photo. */
export function HeaderAction({
  label,
  icon,
  text,
  onClick,
  disabled,
  badge,
}: {
  label: string;
  icon: ReactNode;
  text?: string;
  onClick?: () => void;
  disabled?: boolean;
  badge?: number;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="relative inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-black/55 px-3 text-sm font-medium text-white backdrop-blur-sm transition-colors hover:bg-black/70 focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 [&_svg]:size-5"
    >
      {icon}
      {text ? <span className="hidden md:inline">{text}</span> : null}
      {badge !== undefined && badge > 0 ? (
        <span
          aria-hidden
          className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-bold text-brand-foreground ring-2 ring-white"
        >
          {badge > 99 ? '99+' : badge}
        </span>
      ) : null}
    </button>
  );
}

export type HeaderActions = {
  onReviews: () => void;
  account: ReactNode;
  cartCount: number;
  cartLabel: string;
  onCart: () => void;
};

function StatusBadge({ status }: { status: 'open' | 'closed' | 'checking' }) {
  const text = status === 'open' ? 'Aberto' : status === 'closed' ? 'Fechado' : 'Verificando...';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        status === 'open' && 'bg-success/15 text-success',
        status === 'closed' && 'bg-destructive/10 text-destructive',
        status === 'checking' && 'bg-muted text-muted-foreground',
      )}
      data-testid="open-status"
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          status === 'open' ? 'bg-success' : status === 'closed' ? 'bg-destructive' : 'bg-muted-foreground/50',
        )}
      />
      {text}
    </span>
  );
}

/** Banner, logo, name, table, open status and the header buttons. */
export function MenuHeader({
  restaurant,
  isOpen,
  tableNumber,
  closedNotice,
  actions,
}: {
  restaurant: MenuRestaurant;
  isOpen: boolean;
  tableNumber: number | null;
  closedNotice: string | null;
  actions: HeaderActions;
}) {
  return (
    <header>
      <div className="relative h-36 w-full overflow-hidden bg-[var(--sf-primary)] md:h-56">
        {restaurant.bannerUrl ? (
          // The first screen's largest image (preloaded by the server with the same srcset and sizes).
          <img
            src={restaurant.bannerUrl}
            srcSet={imageSrcSet(restaurant.bannerUrl)}
            sizes="100vw"
            width={1280}
            height={224}
            alt=""
            fetchPriority="high"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div
            aria-hidden
            className="absolute inset-0 bg-gradient-to-br from-[var(--sf-primary)] via-[var(--sf-primary)] to-black/40"
          />
        )}
        <div aria-hidden className="absolute inset-x-0 top-0 h-20 bg-gradient-to-b from-black/35 to-transparent" />
        <div className="absolute inset-x-0 top-0 mx-auto flex max-w-6xl items-center justify-end gap-2 px-3 pt-3 md:px-6 md:pt-4">
          <HeaderAction label="Avaliações" text="Avaliações" icon={<Star aria-hidden />} onClick={actions.onReviews} />
          {actions.account}
          <HeaderAction
            label={`Carrinho (${actions.cartLabel})`}
            text="Carrinho"
            icon={<ShoppingBag aria-hidden />}
            onClick={actions.onCart}
            disabled={actions.cartCount === 0}
            badge={actions.cartCount}
          />
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 md:px-6">
        <div className="flex items-end gap-4">
          <div className="relative z-10 -mt-10 size-20 shrink-0 overflow-hidden rounded-2xl border-4 border-background bg-muted shadow-md md:-mt-14 md:size-28">
            {restaurant.logoUrl ? (
              <img
                src={restaurant.logoUrl}
                srcSet={imageSrcSet(restaurant.logoUrl)}
                sizes="(min-width: 768px) 112px, 80px"
                width={112}
                height={112}
                alt={`Logo de ${restaurant.name}`}
                className="size-full object-cover"
              />
            ) : (
              <div
                aria-hidden
                className="flex size-full items-center justify-center bg-[var(--sf-primary)] text-2xl font-bold text-[var(--sf-primary-foreground)] md:text-4xl"
              >
                {restaurant.name.trim().charAt(0).toUpperCase()}
              </div>
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 pt-2">
            <StatusBadge status={isOpen ? 'open' : 'closed'} />
            {tableNumber !== null && (
              <span className="inline-flex items-center rounded-full bg-[var(--sf-primary)] px-2.5 py-1 text-xs font-semibold text-[var(--sf-primary-foreground)]">
                {`Mesa ${tableNumber}`}
              </span>
            )}
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl leading-tight font-bold md:text-3xl">{restaurant.name}</h1>
          {restaurant.description ? (
            <p className="line-clamp-2 text-sm text-muted-foreground md:text-base">{restaurant.description}</p>
          ) : null}
        </div>
        {closedNotice ? (
          <div
            role="status"
            className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm font-medium text-amber-900"
          >
            <Clock className="size-4 shrink-0" aria-hidden />
            {closedNotice}
          </div>
        ) : null}
      </div>
    </header>
  );
}

/** The header while the menu loads: same geometry, with 'Verificando...' as the status. */
export function MenuHeaderSkeleton() {
  return (
    <header aria-busy>
      <Skeleton className="h-36 w-full rounded-none md:h-56" />
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 md:px-6">
        <div className="flex items-end gap-4">
          <Skeleton className="relative z-10 -mt-10 size-20 shrink-0 rounded-2xl border-4 border-background md:-mt-14 md:size-28" />
          <div className="pt-2">
            <StatusBadge status="checking" />
          </div>
        </div>
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
    </header>
  );
}

export { User as AccountIcon };
