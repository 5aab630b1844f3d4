import { UtensilsCrossed } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Our own mark: the orange tile and the word MeuCardápio. */
export function BrandLogo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand text-brand-foreground shadow-sm">
        <UtensilsCrossed className="size-4" aria-hidden />
      </span>
      {!compact && (
        <span>
          Meu<span className="text-brand">Cardápio</span>
        </span>
      )}
    </span>
  );
}
