import { Download, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import type { FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { saveBlob } from '@/lib/download';

type DiningTable = { id: string; number: number; qrUrl: string };
type Form = { number: string };

const qrSrc = (t: DiningTable) => `/api/admin/tables/${t.id}/qr.png?n=${t.number}`;
const menuLink = (t: DiningTable) => `${window.location.origin}${t.qrUrl}`;

/** Downloads the 300×300 QR as mesa-{number}-qr.png. */
async function downloadQr(t: DiningTable) {
  try {
    const res = await fetch(`/api/admin/tables/${t.id}/qr.png?download`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    saveBlob(await res.blob(), `mesa-${t.number}-qr.png`);
  } catch {
    toast.error('Erro ao baixar QR Code', { description: 'Não foi possível baixar o QR Code.' });
  }
}

function TableFields({ form, set, errors }: FieldsProps<DiningTable, Form>) {
  return (
    <FormField label="Número da mesa" htmlFor="table-number" error={errors.number}>
      <Input
        id="table-number"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={form.number}
        onChange={(e) => set('number', e.target.value)}
        aria-invalid={!!errors.number}
        autoFocus
      />
    </FormField>
  );
}

const TABLES: EntityListSpec<DiningTable, Form> = {
  endpoint: '/api/admin/tables',
  queryKey: ['admin-tables'],
  load: () => api.get<{ tables: DiningTable[] }>('/api/admin/tables').then((r) => r.tables),
  messages: {
    created: 'Mesa criada!',
    updated: 'Mesa atualizada!',
    deleted: 'Mesa excluída!',
    createFailed: 'Erro ao criar mesa',
    updateFailed: 'Erro ao atualizar mesa',
    deleteFailed: 'Erro ao excluir mesa',
    loadFailed: 'Erro ao carregar mesas',
  },
  title: 'Gerenciar Mesas',
  description: 'Cada mesa tem um QR Code que abre o cardápio com o número da mesa.',
  newLabel: 'Nova Mesa',
  wide: true,
  empty: 'Nenhuma mesa configurada',
  columns: [
    { header: 'Mesa', className: 'text-lg font-semibold', cell: (t) => `Mesa ${t.number}` },
    {
      header: 'QR Code',
      cell: (t) => (
        <div className="flex items-center gap-3">
          <img
            src={qrSrc(t)}
            alt={`QR Code da mesa ${t.number}`}
            width={96}
            height={96}
            loading="lazy"
            className="size-24 rounded border bg-white"
          />
          <Button variant="outline" size="sm" onClick={() => downloadQr(t)}>
            <Download aria-hidden /> Baixar
          </Button>
        </div>
      ),
    },
    {
      header: 'Link do cardápio',
      label: 'Link',
      className: 'max-w-72 truncate',
      cell: (t) => (
        <a
          href={t.qrUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-primary hover:underline"
        >
          <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{menuLink(t)}</span>
        </a>
      ),
    },
  ],
  rowName: (t) => `mesa ${t.number}`,
  confirmDelete: {
    title: 'Tem certeza que deseja excluir esta mesa?',
    description: (t) => `A mesa ${t.number} e o QR Code dela deixarão de funcionar.`,
  },
  form: {
    titles: ['Nova Mesa', 'Editar Mesa'],
    description: 'O QR Code leva o cliente ao cardápio já com o número da mesa.',
    // A new table suggests the number after the highest one.
    toForm: (t, list) => ({ number: String(t?.number ?? list.reduce((m, x) => Math.max(m, x.number), 0) + 1) }),
    toBody: (f) => {
      const n = Number(f.number);
      if (!Number.isInteger(n) || n < 1) return { errors: { number: 'O número da mesa deve ser no mínimo 1' } };
      return { body: { number: n } };
    },
    Fields: TableFields,
  },
};

export default function TablesPage() {
  return <EntityList spec={TABLES} />;
}
