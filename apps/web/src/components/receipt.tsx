import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/format';

/**
 * The 80 mm ticket's frame, rendered off-screen and printed alone (lib/print.ts + the `receipt`
 * utility of index.css): monospace, black on white, the restaurant's name on top and the thanks
 * at the bottom, generous bottom margin for the cutter.
 */
export function ReceiptFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div aria-hidden className="fixed top-0 -left-[10000px]">
      <div className="receipt-print receipt">
        <p className="receipt-center receipt-strong">{title}</p>
        {children}
        <hr />
        <p className="receipt-center">Obrigado pela preferência!</p>
      </div>
    </div>
  );
}

/** One line of a totals table: a label and an amount on the right. */
export function ReceiptRow({ label, amount, strong }: { label: ReactNode; amount: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'receipt-strong' : undefined}>
      <td>{label}</td>
      <td className="receipt-right">{amount}</td>
    </tr>
  );
}

/** The items sold, each with its details (size, flavours, add-ons, notes) under the name. */
export function ReceiptItems<T extends { id: string; quantity: number; name: string; totalPrice: number }>({
  items,
  details,
}: {
  items: readonly T[];
  details: (item: T) => ReactNode;
}) {
  return (
    <table>
      <tbody>
        {items.map((i) => (
          <tr key={i.id}>
            <td>
              {i.quantity}x {i.name}
              {details(i)}
            </td>
            <td className="receipt-right">{formatMoney(i.totalPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, what the ticket adds (fees), the discount and the TOTAL, then what it lists after (payments). */
export function ReceiptTotals({
  subtotal,
  discount,
  total,
  fees,
  after,
}: {
  subtotal: number;
  discount: number;
  total: number;
  fees?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <table>
      <tbody>
        <ReceiptRow label="Subtotal" amount={formatMoney(subtotal)} />
        {fees}
        {discount > 0 && <ReceiptRow label="Desconto" amount={`-${formatMoney(discount)}`} />}
        <ReceiptRow label="TOTAL" amount={formatMoney(total)} strong />
        {after}
      </tbody>
    </table>
  );
}
