import { cashChangeText, orderLabel } from '@meucardapio/domain/order-display';
import { DELIVERY_TYPE_LABELS, type DeliveryType, orderStatusLabel } from '@meucardapio/domain/order-status';
import { formatDateTime, formatMoney, maskPhone } from '@/lib/format';
import { addressLine, itemDetails, type Receipt } from './orders-api';

/**
 * The 80 mm ticket. Rendered off-screen and printed alone (lib/print.ts + the `receipt` utility):
 * monospace, black on white, generous bottom margin for the cutter.
 */
export function OrderReceipt({ receipt }: { receipt: Receipt }) {
  const { restaurant, order: o } = receipt;
  const tz = restaurant.timezone;
  const changeText = cashChangeText(o);
  return (
    <div aria-hidden className="fixed top-0 -left-[10000px]">
      <div className="receipt-print receipt">
        <p className="receipt-center receipt-strong">{restaurant.name}</p>
        {restaurant.cnpj && <p className="receipt-center">CNPJ {restaurant.cnpj}</p>}
        {restaurant.whatsapp && <p className="receipt-center">{maskPhone(restaurant.whatsapp)}</p>}
        <hr />
        <p className="receipt-strong">
          {orderLabel(o.number).toUpperCase()} ({o.shortId.toUpperCase()})
        </p>
        <p>{formatDateTime(o.createdAt, tz)}</p>
        <p>
          {/* As on the card: the delivery kind ("Delivery" / "Transportadora") names delivery orders. */}
          {o.deliveryKind ?? DELIVERY_TYPE_LABELS[o.deliveryType as DeliveryType] ?? o.deliveryType}
          {o.tableNumber ? ` · Mesa ${o.tableNumber}` : ''} · {orderStatusLabel(o.status)}
        </p>
        <hr />
        <p>Cliente: {o.customerName}</p>
        {o.customerPhone && <p>Tel: {maskPhone(o.customerPhone)}</p>}
        {o.deliveryType === 'delivery' && <p>{addressLine(o)}</p>}
        {o.cep && o.deliveryType === 'delivery' && <p>CEP {o.cep}</p>}
        <hr />
        <table>
          <tbody>
            {o.items.map((i) => (
              <tr key={i.id}>
                <td>
                  {i.quantity}x {i.name}
                  {itemDetails(i) && <div>{itemDetails(i)}</div>}
                  {i.notes && <div>Obs: {i.notes}</div>}
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
              <td className="receipt-right">{formatMoney(o.subtotal)}</td>
            </tr>
            {o.fees.localFee > 0 && (
              <tr>
                <td>Taxa de entrega</td>
                <td className="receipt-right">{formatMoney(o.fees.localFee)}</td>
              </tr>
            )}
            {o.fees.freight !== null && (
              <tr>
                <td>Frete</td>
                <td className="receipt-right">{formatMoney(o.fees.freight)}</td>
              </tr>
            )}
            {o.discount > 0 && (
              <tr>
                <td>Desconto</td>
                <td className="receipt-right">-{formatMoney(o.discount)}</td>
              </tr>
            )}
            <tr className="receipt-strong">
              <td>TOTAL</td>
              <td className="receipt-right">{formatMoney(o.total)}</td>
            </tr>
          </tbody>
        </table>
        {o.paymentMethod && <p>Pagamento: {o.paymentMethod}</p>}
        {changeText && <p className="receipt-strong">{changeText}</p>}
        {o.note && <p>Obs: {o.note}</p>}
        <hr />
        <p className="receipt-center">Obrigado pela preferência!</p>
      </div>
    </div>
  );
}
