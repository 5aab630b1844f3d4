import { CASH_GROUP, CASHIER_MSG, type PdvPayment } from '@meucardapio/domain/cashier';
import { OFFLINE_MSG, type OfflineSaleInput } from '@meucardapio/domain/cashier-offline';
import type { FinalizedSale, PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { paymentGroupLabel } from '@meucardapio/domain/payment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cashierKeys, finalizeSale } from './cashier-api';
import type { QueuedSale } from './offline-sale-queue';
import type { offlineSaleItems } from './pdv-cart';

export type OfflineSelling = {
  active: boolean;
  items: ReturnType<typeof offlineSaleItems>;
  sessionId: string;
  soldById: string;
  keep: (body: OfflineSaleInput, figures: { total: number; cash: number }) => Promise<QueuedSale>;
  /** A send got no answer: the next sales go to the terminal's queue. */
  onNoAnswer: () => void;
};

/** The payments as the server takes them (it recomputes names and change). */
export const paymentInputs = (payments: readonly PdvPayment[]) =>
  payments.map((p) => ({ methodId: p.methodId, amount: p.amount, received: p.received, installments: p.installments }));

/** Sends the sale to the server under the attempt's key, or keeps it on the terminal when there is no server. */
export function useSendSale({
  saleKey,
  total,
  discount,
  change,
  methods,
  payments,
  customerName,
  offline,
  onFinalized,
  onKept,
}: {
  saleKey: string;
  total: number;
  discount: number;
  change: number;
  methods: readonly PdvPaymentMethod[];
  payments: PdvPayment[];
  customerName: string;
  offline: OfflineSelling;
  onFinalized: (result: FinalizedSale) => void;
  onKept: (sale: QueuedSale, change: number) => void;
}) {
  const queryClient = useQueryClient();
  const [keeping, setKeeping] = useState(false);

  /** Whether this sale can be kept on the terminal: nothing in it needs the server. */
  const keepable =
    discount === 0 && payments.every((p) => methods.some((m) => m.id === p.methodId && !m.infinitepayEnabled));

  async function keepOnTerminal(customerCpf: string | null) {
    setKeeping(true);
    try {
      const body: OfflineSaleInput = {
        // The attempt's key: if the online try did reach the server, the resend is answered by that sale.
        clientSaleId: saleKey,
        soldAt: new Date().toISOString(),
        sessionId: offline.sessionId,
        soldById: offline.soldById,
        items: offline.items,
        payments: paymentInputs(payments),
        customerName: customerName.trim() || null,
        customerCpf,
      };
      const cash = payments
        .filter((p) => paymentGroupLabel(p.methodName) === CASH_GROUP)
        .reduce((s, p) => s + p.amount, 0);
      onKept(await offline.keep(body, { total, cash }), change);
    } catch {
      toast.error(CASHIER_MSG.paymentError, { description: OFFLINE_MSG.storageWarning });
    } finally {
      setKeeping(false);
    }
  }

  const finalize = useMutation({
    mutationFn: (body: Parameters<typeof finalizeSale>[0]) => finalizeSale(body, saleKey),
    onSuccess: onFinalized,
    onError: (err, body) => {
      // No answer at all: the connection dropped mid-sale. Keep it on the terminal under the same key.
      if (isApiError(err) && err.status === 0 && keepable) {
        offline.onNoAnswer();
        void keepOnTerminal(body.customerCpf ?? null);
        return;
      }
      const t = errorText(err);
      toast.error(CASHIER_MSG.paymentError, { description: [t.title, t.description].filter(Boolean).join(': ') });
      // The session may have been closed, or stock taken, by another terminal.
      void queryClient.invalidateQueries({ queryKey: cashierKeys.state });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.catalog });
    },
  });

  return { finalize: finalize.mutate, keepOnTerminal, sending: finalize.isPending || keeping };
}
