import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import type { PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { Banknote, CreditCard, QrCode } from 'lucide-react';
import type { Ref } from 'react';
import { cn } from '@/lib/utils';
import { Kbd } from './pdv-ui';

const METHOD_ICON = { money: Banknote, pix: QrCode, card: CreditCard } as const;

/** The payment methods as radio buttons, the first nine with their digit key. */
export function PaymentMethodPicker({
  ref,
  methods,
  selectedId,
  disabled,
  offline,
  hiddenOffline,
  onChoose,
}: {
  ref: Ref<HTMLDivElement>;
  methods: PdvPaymentMethod[];
  selectedId: string | undefined;
  disabled: boolean;
  offline: boolean;
  /** How many methods are left out because they need the server. */
  hiddenOffline: number;
  onChoose: (method: PdvPaymentMethod) => void;
}) {
  return (
    <>
      <div
        ref={ref}
        role="radiogroup"
        aria-label="Forma de pagamento"
        className="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {methods.map((m, i) => {
          const Icon = METHOD_ICON[m.icon];
          const selected = selectedId === m.id;
          return (
            <button
              key={m.id}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={disabled}
              onClick={() => onChoose(m)}
              className={cn(
                'relative flex min-h-16 flex-col items-center justify-center gap-1 rounded-lg border-2 p-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
                selected ? 'border-primary bg-primary/5' : 'border-border hover:bg-accent',
              )}
            >
              {i < 9 && <Kbd className="absolute top-1 left-1">{i + 1}</Kbd>}
              <Icon className="size-5" aria-hidden />
              <span className="line-clamp-2 text-center leading-tight">{m.name}</span>
              {m.infinitepayEnabled && <span className="text-[10px] text-muted-foreground">link de pagamento</span>}
              {offline && m.icon === 'pix' && (
                <span className="text-[10px] font-semibold text-warning-foreground">{OFFLINE_MSG.pixToCheck}</span>
              )}
            </button>
          );
        })}
      </div>
      {offline && hiddenOffline > 0 && (
        <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          {OFFLINE_MSG.needsServer}: {OFFLINE_MSG.hostedHidden}
        </p>
      )}
    </>
  );
}
