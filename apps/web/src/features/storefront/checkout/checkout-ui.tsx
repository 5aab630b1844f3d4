import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** A titled block of the checkout form. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

export function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** A big radio card (44 px+ touch target). */
export function Choice({
  name,
  checked,
  onSelect,
  icon,
  label,
  detail,
  trailing,
  disabled,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  icon?: ReactNode;
  label: string;
  detail?: string;
  trailing?: string;
  disabled?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 [&_svg]:size-5',
        checked ? 'border-brand bg-brand/5 ring-1 ring-brand' : 'hover:bg-accent',
        disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <input type="radio" name={name} className="sr-only" checked={checked} disabled={disabled} onChange={onSelect} />
      {icon && <span className="shrink-0 text-lg leading-none">{icon}</span>}
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{label}</span>
        {detail && <span className="block text-xs text-muted-foreground">{detail}</span>}
      </span>
      {trailing && <span className="shrink-0 font-semibold tabular-nums">{trailing}</span>}
      {checked && !trailing && <Badge variant="brand">✓</Badge>}
    </label>
  );
}
