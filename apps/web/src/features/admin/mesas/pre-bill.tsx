import type { AccountView } from '@meucardapio/domain/table-accounts-api';
import { ReceiptFrame, ReceiptItems, ReceiptRow, ReceiptTotals } from '@/components/receipt';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * "Conferência de conta": the 80 mm pre-bill handed to the table before it pays — every standing item,
 * the service charge marked optional, the couvert, what was paid already and, when split, each part.
 */
export function PreBill({
  account,
  parts,
  restaurantName,
  timeZone,
}: {
  account: AccountView;
  parts: number[] | null;
  restaurantName: string;
  timeZone: string;
}) {
  const items = account.rounds.flatMap((r) => r.items.filter((i) => !i.cancelled));
  const { bill } = account;
  return (
    <ReceiptFrame title={restaurantName}>
      <p className="receipt-center receipt-strong">CONFERÊNCIA DE CONTA</p>
      <p className="receipt-center">NÃO É DOCUMENTO FISCAL</p>
      <hr />
      <p className="receipt-strong">
        {account.label} · {account.people} {account.people === 1 ? 'pessoa' : 'pessoas'}
      </p>
      <p>Aberta em {formatDateTime(account.openedAt, timeZone)}</p>
      <p>Impressa em {formatDateTime(new Date(), timeZone)}</p>
      <hr />
      <ReceiptItems
        items={items}
        details={(i) => (
          <>
            {i.variation && <div>{i.variation.name}</div>}
            {i.pizzaFlavors.length > 0 && <div>{i.pizzaFlavors.map((f) => f.name).join(' / ')}</div>}
            {i.addons.length > 0 && <div>+ {i.addons.map((a) => a.name).join(', ')}</div>}
          </>
        )}
      />
      <hr />
      <ReceiptTotals
        subtotal={bill.itemsTotal}
        discount={bill.discount}
        total={bill.total}
        fees={
          <>
            {bill.serviceCharge > 0 && (
              <ReceiptRow
                label={`Serviço ${account.servicePercent}% (opcional)`}
                amount={formatMoney(bill.serviceCharge)}
              />
            )}
            {bill.couvert > 0 && <ReceiptRow label="Couvert" amount={formatMoney(bill.couvert)} />}
          </>
        }
        after={
          account.paid > 0 ? (
            <>
              <ReceiptRow label="Pago" amount={formatMoney(account.paid)} />
              <ReceiptRow label="A PAGAR" amount={formatMoney(account.remaining)} strong />
            </>
          ) : null
        }
      />
      {parts && parts.length > 1 && (
        <>
          <hr />
          <p className="receipt-strong">Dividida em {parts.length}</p>
          <table>
            <tbody>
              {parts.map((p, n) => (
                <ReceiptRow key={`${n}-${p}`} label={`Pessoa ${n + 1}`} amount={formatMoney(p)} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </ReceiptFrame>
  );
}
