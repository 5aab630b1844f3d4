import { splitByItems, splitEqually } from '@meucardapio/domain/table-accounts';
import type { AccountItemView, AccountView } from '@meucardapio/domain/table-accounts-api';
import { CheckCircle2 } from 'lucide-react';
import { QuantityStepper } from '@/components/quantity-stepper';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatMoney } from '@/lib/format';

export type Split =
  | { kind: 'equal'; people: number }
  | { kind: 'items'; people: number; owner: Record<string, number> };

/** Each person's part of the bill, split equally or by the items each one takes. */
export function splitParts(split: Split, bill: AccountView['bill'], standing: AccountItemView[]): number[] {
  if (split.kind === 'equal') return splitEqually(bill.total, split.people);
  const per = Array.from({ length: split.people }, (_, n) =>
    standing.filter((i) => (split.owner[i.id] ?? 0) === n).map((i) => i.totalPrice),
  );
  return splitByItems(bill, per);
}

/** Which parts are already covered by what was paid, in order. */
function paidParts(parts: number[], paid: number): boolean[] {
  let left = paid;
  return parts.map((p) => {
    const covered = left >= p;
    left = covered ? left - p : 0;
    return covered;
  });
}

/** Who pays an item, when the bill is split by items. */
export function SplitOwnerSelect({
  item,
  split,
  onSplit,
}: {
  item: AccountItemView;
  split: Extract<Split, { kind: 'items' }>;
  onSplit: (split: Split) => void;
}) {
  return (
    <select
      aria-label={`Quem paga ${item.name}`}
      className="h-8 rounded-md border bg-background px-1 text-xs"
      value={split.owner[item.id] ?? 0}
      onChange={(e) => onSplit({ ...split, owner: { ...split.owner, [item.id]: Number(e.target.value) } })}
    >
      {Array.from({ length: split.people }, (_, n) => (
        <option key={n} value={n}>{`Pessoa ${n + 1}`}</option>
      ))}
    </select>
  );
}

/** The split (equally or by items, among how many people) and each part, paid or to pay. */
export function SplitTabs({
  split,
  onSplit,
  parts,
  paid,
  remaining,
  onPay,
}: {
  split: Split;
  onSplit: (split: Split) => void;
  parts: number[];
  paid: number;
  remaining: number;
  onPay: (paying: { amount: number; title: string }) => void;
}) {
  const covered = paidParts(parts, paid);
  return (
    <Tabs
      value={split.kind}
      onValueChange={(v) =>
        onSplit(
          v === 'items' ? { kind: 'items', people: split.people, owner: {} } : { kind: 'equal', people: split.people },
        )
      }
    >
      <TabsList className="w-full">
        <TabsTrigger value="equal">Dividir igual</TabsTrigger>
        <TabsTrigger value="items">Por itens</TabsTrigger>
      </TabsList>
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="text-sm">Pessoas</span>
        <QuantityStepper
          size="sm"
          label="Pessoas na divisão"
          value={split.people}
          min={1}
          max={30}
          onChange={(n) => onSplit({ ...split, people: n })}
        />
      </div>
      <TabsContent value={split.kind} className="mt-2">
        <ul className="grid gap-1.5" aria-label="Partes">
          {parts.map((p, n) => (
            <li
              key={`${n}-${p}`}
              className="flex items-center justify-between gap-2 rounded-lg border px-2 py-1.5 text-sm"
            >
              <span>Pessoa {n + 1}</span>
              <span className="ml-auto font-semibold tabular-nums">{formatMoney(p)}</span>
              {covered[n] ? (
                <Badge variant="secondary">
                  <CheckCircle2 aria-hidden /> Paga
                </Badge>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={p === 0}
                  onClick={() =>
                    onPay({ amount: Math.min(p, remaining), title: `Pagar parte ${n + 1} de ${parts.length}` })
                  }
                >
                  Pagar
                </Button>
              )}
            </li>
          ))}
        </ul>
      </TabsContent>
    </Tabs>
  );
}
