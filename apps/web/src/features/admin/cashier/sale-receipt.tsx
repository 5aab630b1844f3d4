import { formatCpf } from '@brazilian-utils/brazilian-utils';
import type { SaleDetail } from '@meucardapio/domain/cashier-api';
import { saleRef } from '@meucardapio/domain/cashier-report';
import { itemDetails } from '@meucardapio/domain/order-display';
import { usePixQrImage } from '@/components/pix-qr';
import { ReceiptFrame, ReceiptItems, ReceiptRow, ReceiptTotals } from '@/components/receipt';
import { formatDateTime, formatMoney } from '@/lib/format';

/** The 80 mm ticket of a PDV sale: items, totals, every payment with change, and the PIX code when there is one. */
export function SaleReceipt({
  sale,
  restaurantName,
  timeZone,
}: {
  sale: SaleDetail;
  restaurantName: string;
  timeZone: string;
}) {
  const qr = usePixQrImage(sale.pixBrCode, 160);
  return (
    <ReceiptFrame title={restaurantName}>
      <p className="receipt-center">CUPOM NÃO FISCAL</p>
      <hr />
      <p className="receipt-strong">VENDA {saleRef(sale).toUpperCase()}</p>
      <p>{formatDateTime(sale.createdAt, timeZone)}</p>
      {sale.employeeName && <p>Operador: {sale.employeeName}</p>}
      {sale.customerName && <p>Cliente: {sale.customerName}</p>}
      {sale.customerCpf && <p>CPF: {formatCpf(sale.customerCpf)}</p>}
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
    </ReceiptFrame>
  );
}
