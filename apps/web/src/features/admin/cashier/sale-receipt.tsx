import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { saleRef } from '@meucardapio/domain/cashier-report';
import type { SaleDetail } from '@meucardapio/domain/cashier-views';
import { type FiscalNoteView, isNoteInQueue } from '@meucardapio/domain/fiscal-note';
import { itemDetails } from '@meucardapio/domain/order-display';
import { useQrImage } from '@/components/pix-qr';
import { ReceiptFrame, ReceiptItems, ReceiptRow, ReceiptTotals } from '@/components/receipt';
import { formatDateTime, formatMoney } from '@/lib/format';
import { DanfeFooter, DanfeHeading, isPrintableNote } from './danfe-nfce';

/**
 * The 80 mm ticket of a PDV sale: items, totals, every payment with change, and the PIX code when there is
 * one. With an authorised NFC-e it is the customer's DANFE NFC-e; otherwise a "CUPOM NÃO FISCAL".
 */
export function SaleReceipt({
  sale,
  note,
  restaurantName,
  timeZone,
}: {
  sale: SaleDetail;
  note: FiscalNoteView | null | undefined;
  restaurantName: string;
  timeZone: string;
}) {
  const qr = useQrImage(sale.pixBrCode, 160);
  const danfe = isPrintableNote(note) ? note : null;
  return (
    <ReceiptFrame title={restaurantName}>
      {danfe ? (
        <DanfeHeading />
      ) : (
        <>
          <p className="receipt-center">CUPOM NÃO FISCAL</p>
          {note && isNoteInQueue(note.status) && <p className="receipt-center">NFC-e em processamento</p>}
        </>
      )}
      <hr />
      <p className="receipt-strong">VENDA {saleRef(sale).toUpperCase()}</p>
      <p>{formatDateTime(sale.createdAt, timeZone)}</p>
      {sale.employeeName && <p>Operador: {sale.employeeName}</p>}
      {sale.customerName && <p>Cliente: {sale.customerName}</p>}
      {sale.customerCpf && !danfe && <p>CPF: {formatCpf(sale.customerCpf)}</p>}
      <hr />
      <ReceiptItems items={sale.items} details={(i) => itemDetails(i) && <div>{itemDetails(i)}</div>} />
      <hr />
      <ReceiptTotals
        subtotal={sale.subtotal}
        discount={sale.discount}
        total={sale.total}
        fees={
          <>
            {sale.serviceCharge > 0 && <ReceiptRow label="Taxa de serviço" amount={formatMoney(sale.serviceCharge)} />}
            {sale.couvert > 0 && <ReceiptRow label="Couvert" amount={formatMoney(sale.couvert)} />}
          </>
        }
        after={
          <>
            {sale.payments.map((p, n) => (
              <ReceiptRow
                key={`${p.methodId}-${n}`}
                label={`${p.methodName}${p.installments > 1 ? ` ${p.installments}x` : ''}${
                  p.received !== null ? ` (recebido ${formatMoney(p.received)})` : ''
                }`}
                amount={formatMoney(p.amount)}
              />
            ))}
            {sale.change > 0 && <ReceiptRow label="TROCO" amount={formatMoney(sale.change)} strong />}
          </>
        }
      />
      {sale.pixBrCode && (
        <>
          <hr />
          <p className="receipt-center">PIX copia e cola</p>
          {qr && <img src={qr} alt="" className="mx-auto my-1 block size-32" />}
          <p style={{ wordBreak: 'break-all', fontSize: '10px' }}>{sale.pixBrCode}</p>
        </>
      )}
      {danfe && <DanfeFooter note={danfe} timeZone={timeZone} />}
    </ReceiptFrame>
  );
}
