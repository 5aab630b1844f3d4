import { formatCpf } from '@brazilian-utils/brazilian-utils';
import type { SaleDetail } from '@meucardapio/domain/cashier-api';
import { usePixQrImage } from '@/components/pix-qr';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * The 80 mm ticket of a PDV sale, rendered off-screen and printed alone (lib/print.ts + the `receipt`
 * utility of index.css): items, totals, every payment with change, and the PIX code when there is one.
 */
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
    <div aria-hidden className="fixed top-0 -left-[10000px]">
      <div className="receipt-print receipt">
        <p className="receipt-center receipt-strong">{restaurantName}</p>
        <p className="receipt-center">CUPOM NÃO FISCAL</p>
        <hr />
        <p className="receipt-strong">VENDA #{sale.number}</p>
        <p>{formatDateTime(sale.createdAt, timeZone)}</p>
        {sale.employeeName && <p>Operador: {sale.employeeName}</p>}
        <p>Cliente: {sale.customerName}</p>
        {sale.customerCpf && <p>CPF: {formatCpf(sale.customerCpf)}</p>}
        <hr />
        <table>
          <tbody>
            {sale.items.map((i) => (
              <tr key={i.id}>
                <td>
                  {i.quantity}x {i.name}
                  {i.variation && <div>{i.variation.name}</div>}
                  {i.addons.length > 0 && <div>+ {i.addons.map((a) => a.name).join(', ')}</div>}
                </td>
                <td className="receipt-right">{formatMoney(i.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <hr />
        <table>
          <tbody>
            <tr>
              <td>Subtotal</td>
              <td className="receipt-right">{formatMoney(sale.subtotal)}</td>
            </tr>
            {sale.discount > 0 && (
              <tr>
                <td>Desconto</td>
                <td className="receipt-right">-{formatMoney(sale.discount)}</td>
              </tr>
            )}
            <tr className="receipt-strong">
              <td>TOTAL</td>
              <td className="receipt-right">{formatMoney(sale.total)}</td>
            </tr>
            {sale.payments.map((p, n) => (
              <tr key={`${p.methodId}-${n}`}>
                <td>
                  {p.methodName}
                  {p.installments > 1 ? ` ${p.installments}x` : ''}
                  {p.received !== null ? ` (recebido ${formatMoney(p.received)})` : ''}
                </td>
                <td className="receipt-right">{formatMoney(p.amount)}</td>
              </tr>
            ))}
            {sale.change > 0 && (
              <tr className="receipt-strong">
                <td>TROCO</td>
                <td className="receipt-right">{formatMoney(sale.change)}</td>
              </tr>
            )}
          </tbody>
        </table>
        {sale.pixBrCode && (
          <>
            <hr />
            <p className="receipt-center">PIX copia e cola</p>
            {qr && <img src={qr} alt="" className="mx-auto my-1 block size-32" />}
            <p style={{ wordBreak: 'break-all', fontSize: '10px' }}>{sale.pixBrCode}</p>
          </>
        )}
        <hr />
        <p className="receipt-center">Obrigado pela preferência!</p>
      </div>
    </div>
  );
}
