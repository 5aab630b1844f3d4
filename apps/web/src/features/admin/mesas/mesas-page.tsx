import { ACCOUNT_STATUS_LABELS } from '@meucardapio/domain/table-accounts';
import type { AccountView, RoomTile } from '@meucardapio/domain/table-accounts-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRightLeft, Combine, Users } from 'lucide-react';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api';
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
  useEvents('staff', { 'table.account': refresh, 'order.updated': refresh }, { onOpen: refresh });
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
  const [opening, setOpening] = useState<number | null>(null);
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
          onPick={(tile: RoomTile) => (tile.account ? onShow(tile.account.id) : setOpening(tile.number))}
        />
      )}
      <OpenTableDialog number={opening} onClose={() => setOpening(null)} onOpened={(a) => onShow(a.id)} />
    </div>
  );
}

function OpenTableDialog({
  number,
  onClose,
  onOpened,
}: {
  number: number | null;
  onClose: () => void;
  onOpened: (a: AccountView) => void;
}) {
  const [people, setPeople] = useState(2);
  const open = useMutation({
    mutationFn: () => openTable(number!, people),
    onSuccess: (a) => {
      toast.success(`Mesa ${number} aberta`, { description: `${people} ${people === 1 ? 'pessoa' : 'pessoas'}` });
      onClose();
      onOpened(a);
    },
    onError: (err) => toastError(err, 'Erro ao abrir a mesa'),
  });
  return (
    <Dialog open={number !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Abrir mesa {number}</DialogTitle>
          <DialogDescription>Quantas pessoas estão na mesa?</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center py-2">
          <QuantityStepper label="Pessoas" value={people} min={1} max={50} onChange={setPeople} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button variant="brand" disabled={open.isPending} onClick={() => open.mutate()}>
            Abrir mesa
          </Button>
        </DialogFooter>
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
