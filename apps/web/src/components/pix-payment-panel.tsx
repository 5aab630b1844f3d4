import { MSG } from '@meucardapio/domain/messages';
import { orderLabel } from '@meucardapio/domain/order-display';
import type { LocalPixView } from '@meucardapio/domain/order-pix';
import { QrCode } from 'lucide-react';
import { PixQr } from '@/components/pix-qr';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * What a customer pays a "PIX (QR Code)" order with: the QR of the exact total, the "copia e cola" text
 * and what happens next. Shown after placing the order and again on the order in the customer area.
 */
export function PixPaymentPanel({
  pix,
  total,
  number,
  className,
}: {
  pix: LocalPixView;
  total: number;
  number: number;
  className?: string;
}) {
  return (
    <section
      aria-label="Pagamento PIX"
      className={cn('grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4', className)}
    >
      <div className="flex items-start gap-2 text-amber-950">
        <QrCode className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div className="grid gap-0.5">
          <p className="font-semibold">{MSG.awaitingPayment}</p>
          <p className="text-sm">
            Pague <strong className="tabular-nums">{formatMoney(total)}</strong> com o QR Code ou o código copia e cola
            no app do seu banco. Assim que o restaurante confirmar, seu pedido vai para a cozinha.
          </p>
        </div>
      </div>
      <PixQr code={pix.brCode} caption={`${orderLabel(number)} · ${formatMoney(total)}`} />
      <p className="text-center text-xs text-amber-900">
        Identificador do pagamento: <span className="font-mono">{pix.txid}</span>
      </p>
    </section>
  );
}
