import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { CASHIER_MSG } from '@meucardapio/domain/cashier';
import { saleRef, saleStatusLabel } from '@meucardapio/domain/cashier-report';
import { itemDetails } from '@meucardapio/domain/order-display';
import { sentToPrinters } from '@meucardapio/domain/printing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useEffect } from 'react';
import { LoadErrorNotice } from '@/components/crud/list-states';
import { PixQr } from '@/components/pix-qr';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { printReceipt } from '@/lib/print';
import { toast } from '@/lib/toast';
import { cashierKeys, fetchSale, reprintAccountDanfe } from './cashier-api';
import { SaleNoteLine, useSaleNote } from './sale-note';
import { SaleReceipt } from './sale-receipt';

type Props = {
  saleId: string | null;
  onClose: () => void;
  restaurantName: string;
  timeZone: string;
  /** Whether the restaurant issues NFC-e: a sale without a note may then be given one. */
  nfceOn: boolean;
};

/** A PDV sale with its items, every payment (change included), CPF, PIX code and NFC-e; prints its receipt. */
export function SaleDetailDialog({ saleId, onClose, restaurantName, timeZone, nfceOn }: Props) {
  const sale = useQuery({
    queryKey: cashierKeys.sale(saleId ?? ''),
    queryFn: () => fetchSale(saleId!),
    enabled: Boolean(saleId),
  });
  // A table account's note covers its whole bill (all rounds and payments): issued once it is closed.
  const note = useSaleNote(sale.data ? { kind: sale.data.kind, id: sale.data.id } : null);
  // A PDV sale is reprinted from its card on the orders board; a table account's DANFE from here.
  const reprint = useMutation({
    mutationFn: reprintAccountDanfe,
    onSuccess: ({ jobs }) => toast.success(sentToPrinters(jobs)),
    onError: (err) => toastError(err, 'Erro ao reimprimir'),
  });

  useEffect(() => {
    if (sale.isError) toastError(sale.error, CASHIER_MSG.loadDetailsError);
  }, [sale.isError, sale.error]);

  const s = sale.data;
  return (
    <Dialog open={Boolean(saleId)} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{s ? `Venda ${saleRef(s)}` : 'Venda'}</DialogTitle>
          <DialogDescription>
            {s
              ? `${formatDateTime(s.createdAt, timeZone)} · ${saleStatusLabel(s)}${s.employeeName ? ` · ${s.employeeName}` : ''}`
              : 'Carregando...'}
          </DialogDescription>
        </DialogHeader>
        {sale.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : sale.isError || !s ? (
          <LoadErrorNotice title={CASHIER_MSG.loadDetailsError} error={sale.error} />
        ) : (
          <div className="grid gap-4 text-sm">
            {(s.customerName || s.customerCpf) && (
              <p>
                <span className="text-muted-foreground">Cliente:</span> {s.customerName}
                {s.customerCpf && <span className="text-muted-foreground"> · CPF {formatCpf(s.customerCpf)}</span>}
              </p>
            )}
            <ul className="divide-y rounded-lg border">
              {s.items.map((i) => (
                <li key={i.id} className="flex justify-between gap-2 px-3 py-2">
                  <span>
                    {i.quantity}x {i.name}
                    {itemDetails(i) && <span className="text-muted-foreground"> · {itemDetails(i)}</span>}
                  </span>
                  <span className="tabular-nums">{formatMoney(i.totalPrice)}</span>
                </li>
              ))}
            </ul>
            <dl className="grid gap-1">
              <Row label="Subtotal" value={formatMoney(s.subtotal)} />
              {s.discount > 0 && <Row label="Desconto" value={`-${formatMoney(s.discount)}`} />}
              {s.discountInfo && (
                <p className="text-xs text-muted-foreground">
                  Desconto dado por {s.discountInfo.givenBy}
                  {s.discountInfo.approvedBy && `, autorizado por ${s.discountInfo.approvedBy}`}
                  {s.discountInfo.reason && ` · ${s.discountInfo.reason}`}
                </p>
              )}
              {s.serviceCharge > 0 && <Row label="Taxa de serviço" value={formatMoney(s.serviceCharge)} />}
              {s.couvert > 0 && <Row label="Couvert" value={formatMoney(s.couvert)} />}
              <Row label="Total" value={formatMoney(s.total)} strong />
            </dl>
            <div>
              <h3 className="mb-1 font-medium">Pagamentos</h3>
              <ul className="grid gap-1">
                {s.payments.map((p, n) => (
                  <li
                    key={`${p.methodId}-${n}`}
                    className="flex justify-between gap-2 rounded-md bg-muted/50 px-3 py-2"
                  >
                    <span>
                      {p.methodName}
                      {p.installments > 1 && ` · ${p.installments}x`}
                      {p.received !== null && (
                        <span className="text-muted-foreground">
                          {' '}
                          · recebido {formatMoney(p.received)} · troco {formatMoney(p.change)}
                        </span>
                      )}
                    </span>
                    <span className="tabular-nums">{formatMoney(p.amount)}</span>
                  </li>
                ))}
              </ul>
              {s.change > 0 && <p className="mt-1 text-right font-medium">Troco: {formatMoney(s.change)}</p>}
            </div>
            {s.pixBrCode && <PixQr code={s.pixBrCode} caption="PIX da venda" className="justify-self-center" />}
            <div className="flex flex-wrap items-center justify-end gap-2">
              <SaleNoteLine
                sale={{ kind: s.kind, id: s.id }}
                note={note.data}
                canIssue={nfceOn && (s.kind === 'pdv' || s.status === 'closed')}
                saleCpf={s.customerCpf}
              />
              {s.kind === 'table' && note.data?.status === 'authorized' && (
                <Button variant="outline" disabled={reprint.isPending} onClick={() => reprint.mutate(s.id)}>
                  <Printer aria-hidden /> Reimprimir DANFE
                </Button>
              )}
              <Button variant="outline" onClick={printReceipt}>
                <Printer aria-hidden /> Imprimir cupom
              </Button>
            </div>
            <SaleReceipt sale={s} note={note.data} restaurantName={restaurantName} timeZone={timeZone} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between text-base font-semibold' : 'flex justify-between'}>
      <dt className={strong ? '' : 'text-muted-foreground'}>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
