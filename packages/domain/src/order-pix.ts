import { z } from 'zod';
import { PIX_TXID_MAX } from './pix';

/**
 * PIX on the storefront without a provider: when the restaurant has its own PIX key the checkout
 * offers "PIX (QR Code)"; the order carries a static BR Code for its exact total and stays
 * "Aguardando pagamento" until staff confirm on the board that the money arrived.
 */

/** The checkout's local PIX method (not a payment_methods row: it exists while a PIX key does). */
export const LOCAL_PIX_METHOD = { id: 'pix_qr', name: 'PIX (QR Code)' } as const;

/** How long a local PIX order may wait for staff to confirm it before it is cancelled (decision 025). */
export const LOCAL_PIX_TIMEOUT_MINUTES = 120;

/** The txid of a storefront order's BR Code: 'PEDIDO' and its number, as the bank statement shows it. */
export function orderPixTxid(number: number): string {
  return `PEDIDO${number}`.slice(0, PIX_TXID_MAX);
}

/** Whether an order was placed to be paid by the restaurant's own PIX QR Code. */
export function isLocalPixOrder(o: { paymentData: Record<string, unknown> | null | undefined }): boolean {
  return o.paymentData?.local_pix === true;
}

export type LocalPixView = { brCode: string; txid: string };

/**
 * The QR Code the customer still has to pay: present while a local PIX order is neither paid nor
 * cancelled, so the confirmation and the customer area can show it again.
 */
export function pendingLocalPix(o: {
  status: string;
  paymentStatus: string | null;
  paymentData: Record<string, unknown> | null | undefined;
}): LocalPixView | null {
  if (!isLocalPixOrder(o) || o.paymentStatus === 'approved' || o.status === 'cancelled') return null;
  const { pix_br_code: brCode, pix_txid: txid } = o.paymentData ?? {};
  return typeof brCode === 'string' && typeof txid === 'string' ? { brCode, txid } : null;
}

/** Who confirmed a local PIX payment on the board, as recorded on the order. */
export function localPixConfirmation(
  paymentData: Record<string, unknown> | null | undefined,
): { name: string; at: string } | null {
  const by = paymentData?.pix_confirmed_by;
  const at = paymentData?.pix_confirmed_at;
  if (!by || typeof by !== 'object' || typeof at !== 'string') return null;
  const name = (by as Record<string, unknown>).name;
  return typeof name === 'string' ? { name, at } : null;
}

/** A PIX end-to-end id as the Central Bank issues it: 'E', the paying bank's ISPB, yyyyMMddHHmm, 11 letters or digits. */
export const PIX_END_TO_END_RE = /^E\d{20}[A-Za-z0-9]{11}$/;

/**
 * "Confirmar PIX recebido" (decision 048): the person confirming states what they saw in the bank app —
 * the amount received (centavos) or the transfer's end-to-end id — and it is kept with the order.
 */
export const confirmLocalPixSchema = z
  .object({
    receivedAmount: z
      .number({ error: 'Informe o valor recebido.' })
      .int('Informe o valor em centavos.')
      .min(1, 'Informe o valor recebido.')
      .max(100_000_000, 'Valor recebido inválido.')
      .nullish(),
    endToEndId: z
      .string()
      .trim()
      .max(32)
      .nullish()
      .transform((v) => v || null)
      .refine(
        (v) => v === null || PIX_END_TO_END_RE.test(v),
        'ID da transação (E2E) inválido: confira no comprovante.',
      ),
  })
  .refine((v) => v.receivedAmount != null || v.endToEndId !== null, {
    message: 'Informe o valor recebido ou o ID da transação (E2E) que aparece no app do banco.',
  });
export type ConfirmLocalPixInput = z.output<typeof confirmLocalPixSchema>;
