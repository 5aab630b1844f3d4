import {
  CASH_DENOMINATIONS,
  CASH_GROUP,
  CASHIER_MSG,
  countTotal,
  denominationLabel,
} from '@meucardapio/domain/cashier';
import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import type { CashierState, CloseResult, PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import { paymentGroupLabel } from '@meucardapio/domain/payment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CloudOff, EyeOff } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { MoneyInput, typedCents } from '@/components/money-input';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cashierKeys, closeSession } from './cashier-api';
import { DifferencesTable, DifferenceValue } from './differences-table';
import { MovementsList } from './movements-list';

type Props = {
  state: CashierState;
  paymentMethods: PdvPaymentMethod[];
  timeZone: string;
  /** Sales still on this terminal: the register closes only once the server has them all. */
  unsynced: number;
};

/** Enter moves to the next field, as on a counting sheet. */
function nextOnEnter(e: KeyboardEvent<HTMLFormElement>) {
  if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
  const inputs = [...e.currentTarget.querySelectorAll<HTMLInputElement>('input:not([disabled])')];
  const at = inputs.indexOf(e.target);
  if (at >= 0 && at < inputs.length - 1) {
    e.preventDefault();
    inputs[at + 1].focus();
    inputs[at + 1].select();
  }
}

/**
 * Fechar Caixa. Cashier-only users close blind: they count the drawer note by note and type the card
 * and PIX totals without seeing what is expected; owner and administrators see the expected figures and
 * may count too. The result (differences per group, "quebra de caixa") shows after closing.
 */
export function CloseTab({ state, paymentMethods, timeZone, unsynced }: Props) {
  const [result, setResult] = useState<CloseResult | null>(null);
  const session = state.session;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      {session ? (
        <CloseForm
          state={state}
          paymentMethods={paymentMethods}
          timeZone={timeZone}
          unsynced={unsynced}
          onClosed={setResult}
        />
      ) : (
        <CloseWithoutSession
          closed={result !== null || state.closedToday}
          blind={state.cashierOnly}
          onClosed={setResult}
        />
      )}
      {result && <CloseResultCard result={result} timeZone={timeZone} />}
    </div>
  );
}

/**
 * No open session: the register can still be closed, which records a closed session without movement
 * (spec 3 §4); once closed today the button reads "Caixa já foi fechado" and is disabled.
 */
function CloseWithoutSession({
  closed,
  blind,
  onClosed,
}: {
  closed: boolean;
  blind: boolean;
  onClosed: (r: CloseResult) => void;
}) {
  const queryClient = useQueryClient();
  const close = useCloseMutation(onClosed, () => queryClient.invalidateQueries({ queryKey: cashierKeys.all }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{CASHIER_MSG.closeRegister}</CardTitle>
        <CardDescription>
          {closed ? 'Caixa fechado.' : 'Nenhum caixa aberto no momento. Fechar agora registra um caixa sem movimento.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          size="xl"
          className="w-full"
          disabled={closed}
          loading={close.isPending}
          // A blind close counts: nothing was opened, so the drawer and the cards count zero.
          onClick={() => close.mutate({ notes: null, count: blind ? { denominations: {}, methods: {} } : null })}
        >
          {closed ? CASHIER_MSG.alreadyClosed : CASHIER_MSG.closeRegister}
        </Button>
      </CardContent>
    </Card>
  );
}

/** POST session/close with the spec's toasts ("Caixa fechado" / "Erro ao fechar caixa"). */
function useCloseMutation(onClosed: (r: CloseResult) => void, refresh: () => void) {
  return useMutation({
    mutationFn: closeSession,
    onSuccess: (r) => {
      toast.success(CASHIER_MSG.registerClosedToast);
      onClosed(r);
      refresh();
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error(CASHIER_MSG.closeError, { description: [t.title, t.description].filter(Boolean).join(': ') });
    },
  });
}

function CloseForm({
  state,
  paymentMethods,
  timeZone,
  unsynced,
  onClosed,
}: Props & { onClosed: (r: CloseResult) => void }) {
  const queryClient = useQueryClient();
  const blind = state.cashierOnly;
  const session = state.session!;
  const totals = session.totals;
  const [counting, setCounting] = useState(blind);
  const [qty, setQty] = useState<Record<string, string>>({});
  const [methods, setMethods] = useState<Record<string, string>>({});
  const [notes, setNotes] = useState('');
  const [confirming, setConfirming] = useState(false);
  const groups = [...new Set(paymentMethods.map((m) => paymentGroupLabel(m.name)))].filter((g) => g !== CASH_GROUP);

  const counts = Object.fromEntries(
    Object.entries(qty)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, Number(v)]),
  );
  const cash = countTotal(counts);
  const methodCents = Object.fromEntries(
    Object.entries(methods)
      .map(([k, v]) => [k, typedCents(v)] as const)
      .filter((e): e is readonly [string, number] => e[1] !== null),
  );
  const countedOther = Object.values(methodCents).reduce((s, v) => s + v, 0);

  const close = useCloseMutation(onClosed, () => queryClient.invalidateQueries({ queryKey: cashierKeys.all }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{CASHIER_MSG.closeRegister}</CardTitle>
        <CardDescription>
          Aberto por {session.employeeName} em {formatDateTime(session.openingDate, timeZone)}
          {blind ? ' · conte a gaveta sem ver o valor esperado.' : '.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {totals && (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Stat label="Valor inicial" value={session.initialAmount ?? 0} />
            <Stat label={`Vendas (${totals.salesCount})`} value={totals.totalSales} />
            <Stat label="Vendas em dinheiro" value={totals.cashSales} />
            <Stat label="Suprimentos" value={totals.totalSupplies} />
            <Stat label="Sangrias" value={-totals.totalWithdrawals} />
            <Stat label={`Descontos (${totals.discountCount})`} value={totals.totalDiscounts} />
            {totals.tablePayments > 0 && <Stat label="Contas de mesa" value={totals.tablePayments} />}
            {totals.serviceCharge > 0 && <Stat label="Taxa de serviço (equipe)" value={totals.serviceCharge} />}
            <Stat label="Esperado na gaveta" value={totals.expectedCash} strong />
          </dl>
        )}
        {blind ? (
          <p className="flex items-center gap-2 rounded-lg bg-muted p-3 text-sm">
            <EyeOff className="size-4 shrink-0" aria-hidden /> Fechamento cego: conte notas e moedas e informe os totais
            das maquininhas e do PIX.
          </p>
        ) : (
          <div className="flex items-center gap-3">
            <Switch id="close-count" checked={counting} onCheckedChange={setCounting} />
            <Label htmlFor="close-count">Conferir contagem da gaveta</Label>
          </div>
        )}

        <form
          className="grid gap-5"
          onKeyDown={nextOnEnter}
          onSubmit={(e) => {
            e.preventDefault();
            setConfirming(true);
          }}
        >
          {counting && (
            <>
              <fieldset className="grid gap-2">
                <legend className="mb-2 font-medium">Dinheiro na gaveta</legend>
                <div className="grid gap-x-10 gap-y-2 sm:grid-cols-2">
                  {CASH_DENOMINATIONS.map((d) => {
                    const id = `count-${d}`;
                    const n = Number(qty[d] || 0);
                    return (
                      <div key={d} className="grid grid-cols-[1fr_5rem_6.5rem] items-center gap-2">
                        <label htmlFor={id} className="text-sm">
                          {denominationLabel(d)}
                        </label>
                        <input
                          id={id}
                          inputMode="numeric"
                          placeholder="0"
                          value={qty[d] ?? ''}
                          onChange={(e) =>
                            setQty((q) => ({ ...q, [d]: e.target.value.replace(/\D/g, '').slice(0, 5) }))
                          }
                          className="h-10 rounded-md border bg-background px-2 text-right text-base tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        />
                        <span className="text-right text-sm text-muted-foreground tabular-nums">
                          {formatMoney(n * d)}
                        </span>
                      </div>
                    );
                  })}
                </div>
                <p className="flex justify-between border-t pt-2 font-semibold">
                  <span>Total contado em dinheiro</span>
                  <span className="tabular-nums" data-testid="counted-cash">
                    {formatMoney(cash.ok ? cash.total : 0)}
                  </span>
                </p>
              </fieldset>
              {groups.length > 0 && (
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-2 font-medium">Cartões e PIX (totais do dia nas maquininhas e no banco)</legend>
                  {groups.map((g) => (
                    <FormField key={g} label={g} htmlFor={`count-method-${g}`}>
                      <MoneyInput
                        id={`count-method-${g}`}
                        value={methods[g] ?? ''}
                        onChange={(e) => setMethods((m) => ({ ...m, [g]: e.target.value }))}
                      />
                    </FormField>
                  ))}
                </fieldset>
              )}
              <p className="flex justify-between rounded-lg bg-muted p-3 font-semibold">
                <span>Total contado</span>
                <span className="tabular-nums">{formatMoney((cash.ok ? cash.total : 0) + countedOther)}</span>
              </p>
            </>
          )}
          <FormField label="Observações" htmlFor="close-notes">
            <Textarea
              id="close-notes"
              rows={2}
              maxLength={500}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </FormField>
          {unsynced > 0 && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-warning bg-warning/15 p-3 text-sm"
            >
              <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                <span className="font-semibold">{OFFLINE_MSG.blockedTitle}:</span> {OFFLINE_MSG.closeBlocked}
              </span>
            </p>
          )}
          <Button
            type="submit"
            size="xl"
            variant="destructive"
            className="h-14 text-lg"
            loading={close.isPending}
            disabled={unsynced > 0}
          >
            {CASHIER_MSG.closeRegister}
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Fechar o caixa?"
        description={
          counting
            ? `Total contado: ${formatMoney((cash.ok ? cash.total : 0) + countedOther)}. Depois de fechado, o caixa não pode ser reaberto.`
            : 'Depois de fechado, o caixa não pode ser reaberto.'
        }
        confirmText={CASHIER_MSG.closeRegister}
        onConfirm={() =>
          close.mutateAsync({
            notes: notes.trim() || null,
            count: counting ? { denominations: counts, methods: methodCents } : null,
          })
        }
      />
    </Card>
  );
}

function Stat({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={strong ? 'rounded-lg border-2 border-primary/40 p-3' : 'rounded-lg border p-3'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-xl font-bold tabular-nums' : 'font-semibold tabular-nums'}>{formatMoney(value)}</dd>
    </div>
  );
}

function CloseResultCard({ result, timeZone }: { result: CloseResult; timeZone: string }) {
  const s = result.session;
  return (
    <Card role="status" aria-label="Caixa fechado">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-success" aria-hidden /> {CASHIER_MSG.registerClosedToast}
        </CardTitle>
        <CardDescription>
          {s.closingTime ? formatDateTime(s.closingTime, timeZone) : ''} · saldo final {formatMoney(s.finalBalance)}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result.differences.length > 0 ? (
          <DifferencesTable rows={result.differences} totalDifference={result.totalDifference} />
        ) : (
          <p className="text-sm text-muted-foreground">Fechado sem contagem.</p>
        )}
        {result.totalDifference !== null && (
          <p className="flex items-center justify-between rounded-lg bg-muted p-3 font-semibold">
            <span>Diferença registrada</span>
            <DifferenceValue value={result.totalDifference} className="text-lg" />
          </p>
        )}
        {result.session.totals.totalDiscounts > 0 && (
          <p className="flex items-center justify-between rounded-lg border p-3 text-sm">
            <span>Descontos ({result.session.totals.discountCount})</span>
            <span className="font-semibold tabular-nums">{formatMoney(result.session.totals.totalDiscounts)}</span>
          </p>
        )}
        <MovementsList movements={result.movements} timeZone={timeZone} />
      </CardContent>
    </Card>
  );
}
