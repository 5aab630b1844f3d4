import {
  CONNECTABLE_APPS,
  type ConnectionView,
  connectionHealthy,
  type MarketplaceApp,
} from '@meucardapio/domain/marketplace';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, KeyRound, MapPinOff, PlugZap, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ChannelBadge } from '@/components/channel-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toastTitledError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import {
  deleteIntegration,
  fetchIntegrations,
  fetchSimulatorCalls,
  generateMenuKey,
  INTEGRATIONS_KEY,
  refuseNextCall,
  saveIntegration,
  simulateOrder,
  testIntegration,
} from './integrations-api';

const ACTION_LABEL: Record<string, string> = {
  confirm: 'Pedido aceito (confirm)',
  startPreparation: 'Preparo iniciado (startPreparation)',
  readyForPickup: 'Pronto (readyForPickup)',
  dispatch: 'Saiu para entrega (dispatch)',
  delivered: 'Entregue (delivered)',
  requestCancellation: 'Cancelado pelo restaurante (requestCancellation)',
  acceptCancellation: 'Cancelamento aceito (acceptCancellation)',
  denyCancellation: 'Cancelamento recusado (denyCancellation)',
};

/** Configurações → Integrações: one card per ordering app, and our menu's API key. */
export function IntegrationsTab() {
  const query = useQuery({ queryKey: INTEGRATIONS_KEY, queryFn: fetchIntegrations, refetchInterval: 15_000 });
  if (query.isPending) return <Skeleton className="mt-4 h-64 w-full rounded-xl" />;
  if (query.isError || !query.data)
    return (
      <p role="alert" className="mt-4 text-destructive">
        Erro ao carregar as integrações.
      </p>
    );
  const byApp = new Map(query.data.connections.map((c) => [c.app, c]));
  return (
    <div className="mt-4 grid gap-6">
      {CONNECTABLE_APPS.map((a) => (
        <ConnectionCard key={a.app} app={a.app} label={a.label} connection={byApp.get(a.app) ?? null} />
      ))}
      <MenuKeyCard current={query.data.menuKey} located={query.data.located} />
    </div>
  );
}

function Health({ c }: { c: ConnectionView }) {
  const healthy = connectionHealthy(c, Date.now());
  return (
    <dl className="grid gap-1 rounded-lg bg-muted/50 p-3 text-sm sm:grid-cols-2">
      <div className="flex items-center gap-1.5 font-medium sm:col-span-2">
        {healthy ? (
          <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
        ) : (
          <XCircle className="size-4 text-destructive" aria-hidden />
        )}
        {!c.enabled ? 'Desligada' : healthy ? 'Funcionando' : 'Sem conexão'}
      </div>
      <dt className="text-muted-foreground">Última consulta</dt>
      <dd>{c.lastPollAt ? formatDateTime(c.lastPollAt) : 'ainda não consultado'}</dd>
      <dt className="text-muted-foreground">Eventos aguardando</dt>
      <dd>{c.eventsWaiting}</dd>
      {c.lastError && (
        <>
          <dt className="text-muted-foreground">Último erro</dt>
          <dd className="text-destructive">
            {c.lastError}
            {c.lastErrorAt ? ` (${formatDateTime(c.lastErrorAt)})` : ''}
          </dd>
        </>
      )}
      {c.failedCalls > 0 && (
        <>
          <dt className="text-muted-foreground">Chamadas que falharam</dt>
          <dd className="text-destructive">{c.failedCalls}</dd>
        </>
      )}
      {c.lastFailedCall && (
        <p role="alert" className="text-destructive sm:col-span-2">
          {c.lastFailedCall.text}
          {c.lastFailedCall.at ? ` (${formatDateTime(c.lastFailedCall.at)})` : ''}
        </p>
      )}
    </dl>
  );
}

function ConnectionCard({
  app,
  label,
  connection,
}: {
  app: MarketplaceApp;
  label: string;
  connection: ConnectionView | null;
}) {
  const queryClient = useQueryClient();
  const simulator = app === 'simulator';
  const openDelivery = !simulator && app !== 'ifood';
  const [merchantId, setMerchantId] = useState(connection?.merchantId ?? '');
  const [baseUrl, setBaseUrl] = useState(connection?.baseUrl ?? '');
  const [tokenUrl, setTokenUrl] = useState(connection?.tokenUrl ?? '');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [autoConfirm, setAutoConfirm] = useState(connection?.autoConfirm ?? false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY });
  const id = `int-${app}`;

  const save = useMutation({
    mutationFn: (enabled: boolean) =>
      saveIntegration({
        app,
        merchantId: simulator ? undefined : merchantId,
        baseUrl: openDelivery ? baseUrl : undefined,
        tokenUrl: openDelivery ? tokenUrl : undefined,
        clientId: clientId || undefined,
        clientSecret: clientSecret || undefined,
        autoConfirm,
        enabled,
      }),
    onSuccess: (_c, enabled) => {
      setClientId('');
      setClientSecret('');
      toast.success(enabled ? `${label}: conexão salva` : `${label}: desligada`);
      refresh();
    },
    onError: (err) => toastTitledError(err, 'Erro ao salvar a integração'),
  });
  const remove = useMutation({
    mutationFn: () => deleteIntegration(connection?.id ?? ''),
    onSuccess: () => {
      toast.success(`${label} desconectado`);
      refresh();
    },
    onError: (err) => toastTitledError(err, 'Erro ao desconectar'),
  });
  const test = useMutation({
    mutationFn: () => testIntegration(connection?.id ?? ''),
    onSuccess: (r) => (r.ok ? toast.success(r.message) : toast.error('Falha na conexão', { description: r.message })),
    onError: (err) => toastTitledError(err, 'Erro ao testar'),
  });

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex flex-wrap items-center gap-2">
          <PlugZap className="size-5" aria-hidden /> {label}
          {connection && <span className="text-sm font-normal text-emerald-700">Conectado</span>}
        </CardTitle>
        <CardDescription>
          {simulator
            ? 'Pedidos de demonstração do iFood e do Keeta, pelo mesmo protocolo dos aplicativos reais. Nenhum dado sai do servidor.'
            : 'As credenciais são guardadas com segurança e nunca são exibidas novamente.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {connection && <Health c={connection} />}
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(true);
          }}
        >
          {!simulator && (
            <FormField label="ID da loja no aplicativo" htmlFor={`${id}-merchant`}>
              <Input id={`${id}-merchant`} value={merchantId} onChange={(e) => setMerchantId(e.target.value)} />
            </FormField>
          )}
          {openDelivery && (
            <>
              <FormField label="URL base do aplicativo" htmlFor={`${id}-base`}>
                <Input id={`${id}-base`} type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
              </FormField>
              <FormField label="URL do token (OAuth)" htmlFor={`${id}-token`}>
                <Input id={`${id}-token`} type="url" value={tokenUrl} onChange={(e) => setTokenUrl(e.target.value)} />
              </FormField>
            </>
          )}
          {!simulator && (
            <>
              <FormField label="Client ID" htmlFor={`${id}-client`}>
                <Input
                  id={`${id}-client`}
                  autoComplete="off"
                  value={clientId}
                  placeholder={connection?.hasCredentials ? '•••••• (guardado)' : ''}
                  onChange={(e) => setClientId(e.target.value)}
                />
              </FormField>
              <FormField label="Client secret" htmlFor={`${id}-secret`}>
                <Input
                  id={`${id}-secret`}
                  type="password"
                  autoComplete="new-password"
                  value={clientSecret}
                  placeholder={connection?.hasCredentials ? '•••••• (guardado)' : ''}
                  onChange={(e) => setClientSecret(e.target.value)}
                />
              </FormField>
            </>
          )}
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch id={`${id}-auto`} checked={autoConfirm} onCheckedChange={setAutoConfirm} />
            <Label htmlFor={`${id}-auto`}>Aceitar pedidos automaticamente</Label>
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {connection ? 'Salvar' : 'Conectar'}
            </Button>
            {connection && (
              <>
                <Button type="button" variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
                  {test.isPending ? 'Testando...' : 'Testar conexão'}
                </Button>
                <Button type="button" variant="outline" onClick={() => save.mutate(!connection.enabled)}>
                  {connection.enabled ? 'Desligar' : 'Ligar'}
                </Button>
                <Button type="button" variant="ghost" className="text-destructive" onClick={() => remove.mutate()}>
                  Desconectar
                </Button>
              </>
            )}
          </div>
        </form>
        {simulator && connection && <SimulatorControls connectionId={connection.id} />}
      </CardContent>
    </Card>
  );
}

/**
 * The simulator's own controls: an order now or for later, a refused call (what staff see when an app refuses one),
 * and the calls the restaurant made to the simulated apps.
 */
function SimulatorControls({ connectionId }: { connectionId: string }) {
  const calls = useQuery({
    queryKey: [...INTEGRATIONS_KEY, 'calls', connectionId],
    queryFn: () => fetchSimulatorCalls(connectionId),
    refetchInterval: 3000,
  });
  const make = useMutation({
    mutationFn: (order: { app: 'ifood' | 'keeta'; scheduled?: boolean }) => simulateOrder(connectionId, order),
    onSuccess: (r, { app }) =>
      toast.success(
        `Pedido ${r.scheduled ? 'agendado ' : ''}${app === 'ifood' ? 'iFood' : 'Keeta'} #${r.displayId} enviado`,
      ),
    onError: (err) => toastTitledError(err, 'Erro ao gerar pedido'),
  });
  const refuse = useMutation({
    mutationFn: () => refuseNextCall(connectionId),
    onSuccess: () => toast.success('O simulador vai recusar a próxima atualização de pedido.'),
    onError: (err) => toastTitledError(err, 'Erro no simulador'),
  });
  const list = calls.data ?? [];
  return (
    <div className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => make.mutate({ app: 'ifood' })} disabled={make.isPending}>
          Gerar pedido iFood agora
        </Button>
        <Button variant="outline" onClick={() => make.mutate({ app: 'keeta' })} disabled={make.isPending}>
          Gerar pedido Keeta agora
        </Button>
        <Button
          variant="outline"
          onClick={() => make.mutate({ app: 'ifood', scheduled: true })}
          disabled={make.isPending}
        >
          Gerar pedido agendado
        </Button>
        <Button
          variant="outline"
          className="text-destructive"
          onClick={() => refuse.mutate()}
          disabled={refuse.isPending}
        >
          Simular falha na próxima atualização
        </Button>
      </div>
      <section aria-labelledby="sim-calls">
        <h3 id="sim-calls" className="text-sm font-semibold">
          Chamadas recebidas pelo simulador
        </h3>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma chamada ainda.</p>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm" aria-label="Chamadas recebidas pelo simulador">
            {list
              .slice(-20)
              .reverse()
              .map((c) => (
                <li key={`${c.orderId}-${c.action}-${c.at}`} className="flex flex-wrap gap-x-2">
                  <span className="font-mono">#{c.displayId}</span>
                  <span>{ACTION_LABEL[c.action] ?? c.action}</span>
                  <span className="text-muted-foreground">{formatDateTime(c.at)}</span>
                </li>
              ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The key ordering apps send to read our menu (GET /v1/merchant): shown once when generated. */
function MenuKeyCard({
  current,
  located,
}: {
  current: { prefix: string; createdAt: string } | null;
  located: boolean;
}) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: generateMenuKey,
    onSuccess: (r) => {
      setShown(r.key);
      queryClient.invalidateQueries({ queryKey: INTEGRATIONS_KEY });
    },
    onError: (err) => toastTitledError(err, 'Erro ao gerar a chave'),
  });
  const url = `${window.location.origin}/v1/merchant`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden /> Cardápio para aplicativos (Open Delivery)
        </CardTitle>
        <CardDescription>
          Aplicativos que seguem o padrão Open Delivery leem seu cardápio em <span className="font-mono">{url}</span>{' '}
          com a chave abaixo (cabeçalho X-API-KEY). <ChannelBadge channel="keeta" /> <ChannelBadge channel="aiqfome" />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!located && (
          <p role="alert" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900">
            <MapPinOff className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Os aplicativos só recebem o cardápio depois que você informar a localização do restaurante no mapa em{' '}
              <span className="font-semibold">Configurações → Informações Gerais</span>.
            </span>
          </p>
        )}
        {current && (
          <p>
            Chave atual começa com <span className="font-mono">{current.prefix}…</span>
          </p>
        )}
        {shown && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-2 break-all">
            Copie agora, ela não será exibida novamente: <span className="font-mono font-semibold">{shown}</span>
          </p>
        )}
        <Button variant="outline" className="w-fit" onClick={() => make.mutate()} disabled={make.isPending}>
          {current ? 'Gerar nova chave' : 'Gerar chave'}
        </Button>
      </CardContent>
    </Card>
  );
}
