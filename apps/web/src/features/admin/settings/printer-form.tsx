import type { PrinterInput } from '@meucardapio/domain/printing';
import { useState } from 'react';
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
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';

export type PrinterRow = PrinterInput & { id: string };
export type AgentRow = {
  id: string;
  name: string;
  lastSeenAt: string | null;
  /** USB and serial devices the agent found on its computer. */
  devices: string[];
  revokedAt: string | null;
};

export const NEW_PRINTER: PrinterInput = {
  name: '',
  connection: '',
  agentId: null,
  columns: 48,
  codepage: 'cp860',
  cut: true,
  drawer: false,
  routes: {
    order: { delivery: 1, pickup: 1, dine_in: 1 },
    stations: [],
    pdvReceipt: false,
    nfceDanfe: false,
    cashClosing: false,
  },
};

const COPIES: { key: keyof PrinterInput['routes']['order']; label: string }[] = [
  { key: 'delivery', label: 'Delivery' },
  { key: 'pickup', label: 'Retirada' },
  { key: 'dine_in', label: 'Mesa' },
];

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

/** Adds or edits a printer: where it is, its paper, and what it prints. */
export function PrinterFormDialog({
  initial,
  stations,
  agents,
  saving,
  onSave,
  onClose,
}: {
  initial: PrinterInput & { id?: string };
  stations: { id: string; name: string }[];
  agents: AgentRow[];
  saving: boolean;
  onSave: (value: PrinterInput) => void;
  onClose: () => void;
}) {
  const [v, setV] = useState<PrinterInput>(initial);
  const set = (patch: Partial<PrinterInput>) => setV((old) => ({ ...old, ...patch }));
  const routes = (patch: Partial<PrinterInput['routes']>) =>
    setV((old) => ({ ...old, routes: { ...old.routes, ...patch } }));
  const devices = agents.filter((a) => !a.revokedAt).flatMap((agent) => agent.devices.map((path) => ({ agent, path })));
  // A device found by one computer's agent is printed to by that computer only.
  const pickConnection = (connection: string) => {
    const found = devices.find((d) => d.path === connection.trim());
    set(found && !v.agentId ? { connection, agentId: found.agent.id } : { connection });
  };
  const toggleStation = (id: string, on: boolean) =>
    routes({ stations: on ? [...v.routes.stations, id] : v.routes.stations.filter((s) => s !== id) });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{initial.id ? 'Editar impressora' : 'Adicionar impressora'}</DialogTitle>
          <DialogDescription>
            O agente de impressão usa estas configurações; reinstalar o agente não perde nada.
          </DialogDescription>
        </DialogHeader>
        <form
          id="printer-form"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSave(v);
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nome" htmlFor="printer-name">
              <Input
                id="printer-name"
                value={v.name}
                maxLength={60}
                placeholder="Balcão"
                onChange={(e) => set({ name: e.target.value })}
              />
            </FormField>
            <FormField
              label="Endereço"
              htmlFor="printer-connection"
              hint="Rede: 192.168.0.50:9100 · USB: /dev/usb/lp0 ou COM3"
            >
              <Input
                id="printer-connection"
                value={v.connection}
                maxLength={200}
                placeholder="192.168.0.50:9100"
                list="printer-devices"
                onChange={(e) => pickConnection(e.target.value)}
              />
              <datalist id="printer-devices">
                {devices.map((d) => (
                  <option key={`${d.agent.id}-${d.path}`} value={d.path}>
                    {d.agent.name}
                  </option>
                ))}
              </datalist>
            </FormField>
            <FormField label="Papel" htmlFor="printer-paper">
              <NativeSelect
                id="printer-paper"
                value={v.columns}
                onChange={(e) => set({ columns: Number(e.target.value) === 32 ? 32 : 48 })}
              >
                <option value={48}>80 mm (48 colunas)</option>
                <option value={32}>58 mm (32 colunas)</option>
              </NativeSelect>
            </FormField>
            <FormField
              label="Página de código"
              htmlFor="printer-codepage"
              hint="CP860 (português) na maioria das impressoras."
            >
              <NativeSelect
                id="printer-codepage"
                value={v.codepage}
                onChange={(e) => set({ codepage: e.target.value === 'cp850' ? 'cp850' : 'cp860' })}
              >
                <option value="cp860">CP860 (português)</option>
                <option value="cp850">CP850 (multilíngue)</option>
              </NativeSelect>
            </FormField>
            <FormField
              label="Computador"
              htmlFor="printer-agent"
              hint="Impressora USB: escolha o computador em que ela está ligada."
            >
              <NativeSelect
                id="printer-agent"
                value={v.agentId ?? ''}
                onChange={(e) => set({ agentId: e.target.value || null })}
              >
                <option value="">Qualquer computador com o agente</option>
                {agents
                  .filter((a) => !a.revokedAt)
                  .map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="grid gap-2 sm:grid-cols-2">
            <Toggle id="printer-cut" label="Cortar o papel" checked={v.cut} onChange={(cut) => set({ cut })} />
            <Toggle
              id="printer-drawer"
              label="Abrir a gaveta"
              hint="No cupom do PDV ou na DANFE da venda"
              checked={v.drawer}
              onChange={(drawer) => set({ drawer })}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Via do balcão ao aceitar o pedido (cópias)</legend>
            <div className="grid grid-cols-3 gap-3">
              {COPIES.map((c) => (
                <FormField key={c.key} label={c.label} htmlFor={`printer-copies-${c.key}`}>
                  <Input
                    id={`printer-copies-${c.key}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={5}
                    value={v.routes.order[c.key]}
                    onChange={(e) =>
                      routes({
                        order: { ...v.routes.order, [c.key]: Math.max(0, Math.min(5, Number(e.target.value) || 0)) },
                      })
                    }
                  />
                </FormField>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Comandas das estações da cozinha</legend>
            {stations.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma estação cadastrada (Cozinha → Estações).</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {stations.map((s) => (
                  <label key={s.id} className="flex items-center gap-2 rounded-lg border px-3 py-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={v.routes.stations.includes(s.id)}
                      onChange={(e) => toggleStation(s.id, e.target.checked)}
                    />
                    {s.name}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div className="grid gap-2 sm:grid-cols-2">
            <Toggle
              id="printer-pdv"
              label="Cupom do PDV"
              checked={v.routes.pdvReceipt}
              onChange={(pdvReceipt) => routes({ pdvReceipt })}
            />
            <Toggle
              id="printer-danfe"
              label="DANFE NFC-e"
              hint="Com o cupom do PDV ligado, a venda com nota imprime só a DANFE"
              checked={v.routes.nfceDanfe}
              onChange={(nfceDanfe) => routes({ nfceDanfe })}
            />
            <Toggle
              id="printer-closing"
              label="Fechamento de caixa"
              checked={v.routes.cashClosing}
              onChange={(cashClosing) => routes({ cashClosing })}
            />
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form="printer-form" loading={saving}>
            Salvar impressora
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
