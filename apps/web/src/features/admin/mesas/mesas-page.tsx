import { ACCOUNT_STATUS_LABELS } from '@meucardapio/domain/table-accounts';
import type { AccountView, RoomTile } from '@meucardapio/domain/table-accounts-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRightLeft, Combine, IdCard, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoadErrorPanel } from '@/components/crud/list-states';
import { PageHeader } from '@/components/page-header';
import { QuantityStepper } from '@/components/quantity-stepper';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api';
import { useCoalescedRead } from '@/lib/coalesce';
import { formatMoney } from '@/lib/format';
import { serverNow } from '@/lib/server-clock';
import { useEvents } from '@/lib/use-events';
import { BillPanel } from './bill-panel';
import { fetchAccount, fetchRoom, fetchTurnover, mesasKeys, openTable } from './mesas-api';
import { JoinDialog, TransferDialog } from './move-dialogs';
import { durationText, minutesOpen, RoomGrid, RoomLegend, TurnoverStrip } from './room-grid';
import { RoundComposer } from './round-composer';

/** A clock for "time open" that moves every 30 s. */
function useNow(): Date {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * Mesas e Comandas — the waiter's app: the room as a grid, and the account of the table picked
 * (`?conta=`): send rounds, see and split the bill, take payments, move and join tables. Every phone,
 * the PDV and the board follow the same accounts live.
 */
export default function MesasPage() {
  const [params, setParams] = useSearchParams();
  const accountId = params.get('conta');
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: mesasKeys.all });
  // Every order's changes reach this screen, the tables' few among them: a burst is one read.
  const readSoon = useCoalescedRead(refresh, 1_000);
  useEvents('staff', { 'table.account': readSoon, 'order.updated': readSoon }, { onOpen: refresh });
  const show = (id: string | null) => setParams(id ? { conta: id } : {});
  return accountId ? (
    <AccountScreen id={accountId} onBack={() => show(null)} onShow={show} />
  ) : (
    <RoomScreen onShow={show} />
  );
}

function RoomScreen({ onShow }: { onShow: (id: string) => void }) {
  const room = useQuery({ queryKey: mesasKeys.room, queryFn: fetchRoom });
  const turnover = useQuery({ queryKey: mesasKeys.turnover, queryFn: fetchTurnover });
  const now = useNow();
  const [opening, setOpening] = useState<Opening | null>(null);
  if (room.isError) return <LoadErrorPanel title="Erro ao carregar o salão" />;
  const tiles = room.data?.tiles ?? [];
  const occupied = tiles.filter((t) => t.status !== 'free').length;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        className="mb-0"
        title="Mesas e Comandas"
        description={
          room.data ? `${occupied} de ${tiles.length} ocupadas · serviço ${room.data.servicePercent}%` : undefined
        }
        actions={
          <Button variant="outline" onClick={() => setOpening({ kind: 'tab', number: null })}>
            <IdCard aria-hidden /> Abrir comanda
          </Button>
        }
      />
      {turnover.data && <TurnoverStrip turnover={turnover.data} />}
      <RoomLegend />
      {room.isPending ? (
        <p className="text-sm text-muted-foreground">Carregando salão…</p>
      ) : tiles.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Nenhuma mesa cadastrada. Cadastre as mesas em Gerenciar Mesas.
        </p>
      ) : (
        <RoomGrid
          tiles={tiles}
          now={now}
          onPick={(tile: RoomTile) =>
            tile.account ? onShow(tile.account.id) : setOpening({ kind: 'table', number: tile.number })
          }
        />
      )}
      <OpenTableDialog opening={opening} onClose={() => setOpening(null)} onOpened={(a) => onShow(a.id)} />
    </div>
  );
}

/** A free table picked in the room, or a numbered comanda (the card handed to a customer at the bar). */
type Opening = { kind: 'table'; number: number } | { kind: 'tab'; number: null };

function OpenTableDialog({
  opening,
  onClose,
  onOpened,
}: {
  opening: Opening | null;
  onClose: () => void;
  onOpened: (a: AccountView) => void;
}) {
  const [people, setPeople] = useState(2);
  const [tabText, setTabText] = useState('');
  const tab = opening?.kind === 'tab';
  const tabNumber = /^\d{1,6}$/.test(tabText.trim()) ? Number(tabText.trim()) : null;
  const number = tab ? tabNumber : (opening?.number ?? null);
  const name = tab ? 'Comanda' : 'Mesa';
  const open = useMutation({
    mutationFn: () => openTable(number!, people, opening!.kind),
    onSuccess: (a) => {
      toast.success(`${a.label} aberta`, { description: `${people} ${people === 1 ? 'pessoa' : 'pessoas'}` });
      setTabText('');
      onClose();
      onOpened(a);
    },
    onError: (err) => toastError(err, `Erro ao abrir a ${name.toLowerCase()}`),
  });
  return (
    <Dialog open={opening !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-sm">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (number !== null && number > 0) open.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>{tab ? 'Abrir comanda' : `Abrir mesa ${number}`}</DialogTitle>
            <DialogDescription>
              {tab ? 'O número do cartão entregue ao cliente, e quantas pessoas.' : 'Quantas pessoas estão na mesa?'}
            </DialogDescription>
          </DialogHeader>
          {tab && (
            <FormField
              label="Número da comanda"
              htmlFor="tab-number"
              error={tabText.trim() && !tabNumber ? 'Use só números, a partir de 1.' : undefined}
            >
              <Input
                id="tab-number"
                inputMode="numeric"
                autoComplete="off"
                autoFocus
                value={tabText}
                onChange={(e) => setTabText(e.target.value)}
              />
            </FormField>
          )}
          <div className="flex justify-center py-2">
            <QuantityStepper label="Pessoas" value={people} min={1} max={50} onChange={setPeople} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Voltar
            </Button>
            <Button type="submit" variant="brand" disabled={open.isPending || !number}>
              {tab ? 'Abrir comanda' : 'Abrir mesa'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AccountScreen({ id, onBack, onShow }: { id: string; onBack: () => void; onShow: (id: string) => void }) {
  const qc = useQueryClient();
  const account = useQuery({ queryKey: mesasKeys.account(id), queryFn: () => fetchAccount(id) });
  const now = useNow();
  const [tab, setTab] = useState<'pedir' | 'conta'>('pedir');
  const [moving, setMoving] = useState<'transfer' | 'join' | null>(null);
  const a = account.data;
  useEffect(() => {
    if (a && a.status !== 'occupied') setTab('conta');
  }, [a?.status, a]);
  const update = (next: AccountView) => {
    qc.setQueryData(mesasKeys.account(next.id), next);
    void qc.invalidateQueries({ queryKey: mesasKeys.room });
    void qc.invalidateQueries({ queryKey: mesasKeys.turnover });
    if (next.id !== id) onShow(next.id);
  };
  const moved = (next: AccountView) => {
    setMoving(null);
    update(next);
  };
  if (account.isError) return <LoadErrorPanel title="Erro ao carregar a conta" />;
  if (!a) return <p className="text-sm text-muted-foreground">Carregando conta…</p>;
  const minutes = minutesOpen(a.openedAt, now);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden /> Salão
        </Button>
        <h1 className="text-xl font-semibold">{a.label}</h1>
        <Badge variant={a.status === 'billing' ? 'default' : 'secondary'}>{ACCOUNT_STATUS_LABELS[a.status]}</Badge>
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Users className="size-4" aria-hidden /> {a.people} · {durationText(minutes)}
        </span>
        <span className="ml-auto font-semibold tabular-nums">{formatMoney(a.bill.total)}</span>
      </div>
      {a.status === 'occupied' && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setMoving('transfer')}>
            <ArrowRightLeft aria-hidden /> Transferir
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMoving('join')}>
            <Combine aria-hidden /> Juntar mesas
          </Button>
        </div>
      )}
      {a.status === 'closed' ? (
        <div className="grid gap-3">
          <p className="rounded-lg bg-muted p-4 text-center">Conta fechada. A mesa está livre.</p>
          <BillPanel account={a} onChange={update} />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v as 'pedir' | 'conta')}>
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="pedir" disabled={a.status !== 'occupied'}>
              Pedir
            </TabsTrigger>
            <TabsTrigger value="conta">Conta</TabsTrigger>
          </TabsList>
          <TabsContent value="pedir" className="mt-4">
            <RoundComposer account={a} onSent={update} />
          </TabsContent>
          <TabsContent value="conta" className="mt-4">
            <BillPanel account={a} onChange={update} />
          </TabsContent>
        </Tabs>
      )}
      <TransferDialog account={a} open={moving === 'transfer'} onClose={() => setMoving(null)} onDone={moved} />
      <JoinDialog account={a} open={moving === 'join'} onClose={() => setMoving(null)} onDone={moved} />
    </div>
  );
}
