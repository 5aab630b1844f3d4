import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';

export function CartBar({ countLabel, total, onOpen }: { countLabel: string; total: number; onOpen: () => void }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur md:border-0 md:bg-transparent md:backdrop-blur-none">
      <Button
        variant="brand"
        size="xl"
        className="mx-auto flex w-full max-w-md justify-between shadow-lg"
        aria-label={`Ver carrinho · ${countLabel} · ${formatMoney(total)}`}
        onClick={onOpen}
      >
        <span>Ver carrinho</span>
        <span className="font-normal opacity-90">{countLabel}</span>
        <span className="tabular-nums">{formatMoney(total)}</span>
      </Button>
    </div>
  );
}
