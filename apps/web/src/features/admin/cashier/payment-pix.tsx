import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import type { PdvCatalog, PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { pixBrCode, pixTxid } from '@meucardapio/domain/pix';
import { useMemo } from 'react';
import { PixQr } from '@/components/pix-qr';
import { formatMoney } from '@/lib/format';

/** The restaurant's own PIX QR for the amount being paid, or where to set the key when there is none. */
export function PaymentPix({
  method,
  pix,
  amount,
  remaining,
  saleKey,
  offline,
}: {
  method: PdvPaymentMethod | null;
  pix: PdvCatalog['pix'];
  amount: number | null;
  remaining: number;
  saleKey: string;
  offline: boolean;
}) {
  const pixCode = useMemo(
    () =>
      method?.pixQr && pix && amount && amount > 0 && amount <= remaining
        ? pixBrCode(pix, amount, pixTxid(saleKey))
        : null,
    [method, pix, amount, remaining, saleKey],
  );
  if (pixCode)
    return (
      <>
        <PixQr code={pixCode} caption={`PIX de ${formatMoney(amount ?? 0)}`} />
        {offline && <p className="text-xs text-muted-foreground">{OFFLINE_MSG.pixToCheckDescription}</p>}
      </>
    );
  if (method?.pixQr === false && method.icon === 'pix' && !method.infinitepayEnabled)
    return (
      <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
        Cadastre a chave PIX em Configurações para mostrar o QR Code.
      </p>
    );
  return null;
}
