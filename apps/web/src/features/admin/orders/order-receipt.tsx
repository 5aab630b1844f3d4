import { channelLabel } from '@meucardapio/domain/marketplace';
import { addressLine, cashChangeText, itemDetails, orderLabel } from '@meucardapio/domain/order-display';
import { DELIVERY_TYPE_LABELS, orderStatusLabel } from '@meucardapio/domain/order-status';
import { tableOrderLabel } from '@meucardapio/domain/table-accounts';
import { ReceiptFrame, ReceiptItems, ReceiptRow, ReceiptTotals } from '@/components/receipt';
import { formatDateTime, formatMoney, maskPhone } from '@/lib/format';
import type { Receipt } from './orders-api';

/** The 80 mm ticket of an order on the board. */
export function OrderReceipt({ receipt }: { receipt: Receipt }) {
  const { restaurant, order: o } = receipt;
  const tz = restaurant.timezone;
  const changeText = cashChangeText(o);
  return (
    <ReceiptFrame title={restaurant.name}>
      {restaurant.address && <p className="receipt-center">{restaurant.address}</p>}
      {restaurant.cnpj && <p className="receipt-center">CNPJ {restaurant.cnpj}</p>}
      {restaurant.whatsapp && <p className="receipt-center">{maskPhone(restaurant.whatsapp)}</p>}
      <hr />
      <p className="receipt-strong">
        {orderLabel(o.number).toUpperCase()} ({o.shortId.toUpperCase()})
      </p>
      {o.channel && (
        <p className="receipt-strong">
          {channelLabel(o.channel).toUpperCase()}
          {o.marketplace ? ` #${o.marketplace.displayId}` : ''}
        </p>
      )}
      <p>{formatDateTime(o.createdAt, tz)}</p>
      <p>
        {/* As on the card: the delivery kind ("Delivery" / "Transportadora") names delivery orders. */}
        {o.deliveryKind ?? DELIVERY_TYPE_LABELS[o.deliveryType] ?? o.deliveryType}
        {o.tableNumber || o.tabNumber ? ` · ${tableOrderLabel(o.tableNumber, o.round, o.tabNumber)}` : ''} ·{' '}
        {orderStatusLabel(o.status)}
      </p>
      <hr />
      <p>Cliente: {o.customerName}</p>
      {o.customerPhone && <p>Tel: {maskPhone(o.customerPhone)}</p>}
      {o.deliveryType === 'delivery' && <p>{addressLine(o)}</p>}
      {o.cep && o.deliveryType === 'delivery' && <p>CEP {o.cep}</p>}
      <hr />
      <ReceiptItems
        items={o.items.filter((i) => !i.cancelled)}
        details={(i) => (
          <>
            {itemDetails(i) && <div>{itemDetails(i)}</div>}
            {i.notes && <div>Obs: {i.notes}</div>}
          </>
        )}
      />
      <hr />
      <ReceiptTotals
        subtotal={o.subtotal}
        discount={o.discount}
        total={o.total}
        fees={
          <>
            {o.fees.localFee > 0 && <ReceiptRow label="Taxa de entrega" amount={formatMoney(o.fees.localFee)} />}
            {o.fees.freight !== null && <ReceiptRow label="Frete" amount={formatMoney(o.fees.freight)} />}
          </>
        }
      />
      {o.paymentMethod && <p>Pagamento: {o.paymentMethod}</p>}
      {changeText && <p className="receipt-strong">{changeText}</p>}
      {o.note && <p>Obs: {o.note}</p>}
    </ReceiptFrame>
  );
}
