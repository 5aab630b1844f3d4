import {
  AGENT_OFFLINE_AFTER_MS,
  AUTO_PRINT_KINDS,
  type AutoPrint,
  PRINT_JOB_KIND_LABELS,
  type PrinterInput,
} from '@meucardapio/domain/printing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Pencil, Plus, Printer, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { api, toastError } from '@/lib/api';
import { type AgentRow, NEW_PRINTER, PrinterFormDialog, type PrinterRow } from './printer-form';

type PrintingSettings = { printers: PrinterRow[]; agents: AgentRow[]; auto: AutoPrint };
const KEY = ['admin', 'printing-settings'] as const;

function agentStatus(a: AgentRow, now: number) {
  if (a.revokedAt) return 'Revogado';
  if (!a.lastSeenAt) return 'Ainda não conectado';
  return now - new Date(a.lastSeenAt).getTime() <= AGENT_OFFLINE_AFTER_MS ? 'Conectado' : 'Desconectado';
}

/** The agent's token, shown once, with the command that starts the agent on the restaurant's computer. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const command = `npx meucardapio-impressora --servidor ${window.location.origin} --token ${token}`;
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">Copie agora: o token não será exibido novamente.</p>
      <p>No computador ligado às impressoras (Node 20 instalado), abra o terminal e rode:</p>
      <code data-testid="agent-command" className="break-all rounded bg-white p-2 font-mono text-xs">
        {command}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => navigator.clipboard?.writeText(command).then(() => toast.success('Comando copiado'))}
        >
          <Copy aria-hidden /> Copiar comando
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Fechar
        </Button>
      </div>
    </div>
  );
}

/** Configurações → Impressoras: the computers running the agent, the printers and what prints by itself. */
export function PrintersTab() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<PrintingSettings>('/api/admin/printing/settings'),
    // Whether each computer is connected, and the USB devices it found, change without anyone saving.
    refetchInterval: 10_000,
  });
  const stations = useQuery({
    queryKey: ['admin', 'kitchen-stations'],
    queryFn: () => api.get<{ stations: { id: string; name: string }[] }>('/api/admin/kitchen/stations'),
  });
  const [agentName, setAgentName] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [editing, setEditing] = useState<(PrinterInput & { id?: string }) | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const createAgent = useMutation({
    mutationFn: () => api.post<{ token: string }>('/api/admin/print-agents', { name: agentName }),
    onSuccess: (r) => {
      setToken(r.token);
      setAgentName('');
      refresh();
    },
    onError: (err) => toastError(err, 'Erro ao criar token'),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/print-agents/${id}`),
    onSuccess: () => {
      toast.success('Token revogado');
      refresh();
    },
    onError: (err) => toastError(err, 'Erro ao revogar'),
  });
  const save = useMutation({
    mutationFn: ({ id, ...value }: PrinterInput & { id?: string }) =>
      id ? api.put(`/api/admin/printers/${id}`, value) : api.post('/api/admin/printers', value),
    onSuccess: () => {
      toast.success('Impressora salva!');
      setEditing(null);
      refresh();
    },
    onError: (err) => toastError(err, 'Erro ao salvar impressora'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/printers/${id}`),
    onSuccess: () => {
      toast.success('Impressora excluída');
      refresh();
    },
    onError: (err) => toastError(err, 'Erro ao excluir'),
  });
  const test = useMutation({
    mutationFn: (id: string) => api.post(`/api/admin/printers/${id}/test`),
    onSuccess: () => toast.success('Página de teste enviada'),
    onError: (err) => toastError(err, 'Erro ao imprimir teste'),
  });
  const auto = useMutation({
    mutationFn: (value: AutoPrint) => api.put('/api/admin/printing/auto', value),
    onSuccess: () => refresh(),
    onError: (err) => toastError(err, 'Erro ao salvar'),
  });

  if (settings.isPending) return <Skeleton className="mt-4 h-64 w-full rounded-xl" />;
  if (!settings.data) return null;
  const { printers, agents } = settings.data;
  const now = Date.now();

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Agente de impressão</CardTitle>
          <CardDescription>
            Um programa no computador do restaurante recebe os pedidos e imprime nas térmicas, sem abrir a janela de
            impressão do navegador. Crie um token para cada computador.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form
            className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              createAgent.mutate();
            }}
          >
            <FormField label="Nome do computador" htmlFor="agent-name">
              <Input
                id="agent-name"
                value={agentName}
                maxLength={60}
                placeholder="Computador do caixa"
                onChange={(e) => setAgentName(e.target.value)}
              />
            </FormField>
            <Button type="submit" loading={createAgent.isPending}>
              Criar token
            </Button>
          </form>
          {token && <NewToken token={token} onDone={() => setToken(null)} />}
          {agents.length > 0 && (
            <ul className="divide-y rounded-lg border">
              {agents.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-medium">{a.name}</span>
                    <span className="text-muted-foreground"> · {agentStatus(a, now)}</span>
                    {!a.revokedAt && a.devices.length > 0 && (
                      <span className="block break-all text-xs text-muted-foreground">
                        USB/serial: {a.devices.join(', ')}
                      </span>
                    )}
                  </span>
                  {!a.revokedAt && (
                    <Button size="sm" variant="outline" onClick={() => revoke.mutate(a.id)}>
                      Revogar
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Impressoras</CardTitle>
            <CardDescription>Onde cada impressora está e o que ela imprime.</CardDescription>
          </div>
          <Button onClick={() => setEditing(NEW_PRINTER)}>
            <Plus aria-hidden /> Adicionar impressora
          </Button>
        </CardHeader>
        <CardContent>
          {printers.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhuma impressora cadastrada.</p>
          ) : (
            <ul className="divide-y rounded-lg border">
              {printers.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium">
                      <Printer className="size-4 text-muted-foreground" aria-hidden /> {p.name}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {p.connection} · {p.columns === 32 ? '58 mm' : '80 mm'} · {p.codepage.toUpperCase()}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => test.mutate(p.id)}>
                      Imprimir teste
                    </Button>
                    <Button size="sm" variant="outline" aria-label={`Editar ${p.name}`} onClick={() => setEditing(p)}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Excluir ${p.name}`}
                      onClick={() => remove.mutate(p.id)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Imprimir automaticamente</CardTitle>
          <CardDescription>Desligado, o tipo só imprime quando alguém pede (Reimprimir).</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2">
          {AUTO_PRINT_KINDS.map((kind) => (
            <div key={kind} className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
              <Label htmlFor={`auto-${kind}`}>{PRINT_JOB_KIND_LABELS[kind]}</Label>
              <Switch
                id={`auto-${kind}`}
                checked={settings.data.auto[kind]}
                onCheckedChange={(on) => auto.mutate({ ...settings.data.auto, [kind]: on })}
              />
            </div>
          ))}
        </CardContent>
      </Card>

      {editing && (
        <PrinterFormDialog
          initial={editing}
          stations={stations.data?.stations ?? []}
          agents={agents}
          saving={save.isPending}
          onSave={(value) => save.mutate({ ...value, id: editing.id })}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
