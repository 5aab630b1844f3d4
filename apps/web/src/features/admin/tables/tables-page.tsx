import { useQuery } from '@tanstack/react-query';
import { Download, ExternalLink, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { EntityFormDialog, useEntityDialog, useResetOnOpen } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { useDeleteEntity, useSaveEntity } from '../shared/entity-mutations';
import { LoadErrorPanel, TableSkeletonRows } from '../shared/list-states';
import { RowActionsCell } from '../shared/row-actions';

type DiningTable = { id: string; number: number; qrUrl: string };

const KEY = ['admin-tables'] as const;
const qrSrc = (t: DiningTable) => `/api/admin/tables/${t.id}/qr.png?n=${t.number}`;
const menuLink = (t: DiningTable) => `${window.location.origin}${t.qrUrl}`;

/** Downloads the 300×300 QR as mesa-{number}-qr.png. */
async function downloadQr(t: DiningTable) {
  try {
    const res = await fetch(`/api/admin/tables/${t.id}/qr.png?download`, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `mesa-${t.number}-qr.png`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch {
    toast.error('Erro ao baixar QR Code', { description: 'Não foi possível baixar o QR Code.' });
  }
}

function TableDialog({
  open,
  editing,
  suggested,
  onClose,
}: {
  open: boolean;
  editing: DiningTable | null;
  suggested: number;
  onClose: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState<string>('');
  const [error, setError] = useState('');
  useResetOnOpen(open, () => {
    setValue(String(editing?.number ?? suggested));
    setError('');
  });
  const save = useSaveEntity<{ number: number }>({
    endpoint: '/api/admin/tables',
    id: editing?.id,
    invalidate: [KEY],
    messages: {
      created: 'Mesa criada!',
      updated: 'Mesa atualizada!',
      createFailed: 'Erro ao criar mesa',
      updateFailed: 'Erro ao atualizar mesa',
    },
    onSaved: onClose,
  });
  function submit() {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) {
      setError('O número da mesa deve ser no mínimo 1');
      return;
    }
    save.mutate({ number: n });
  }
  return (
    <EntityFormDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={editing ? 'Editar Mesa' : 'Nova Mesa'}
      description="O QR Code leva o cliente ao cardápio já com o número da mesa."
      onSubmit={submit}
      pending={save.isPending}
    >
      <FormField label="Número da mesa" htmlFor={id} error={error}>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
          aria-invalid={!!error}
          autoFocus
        />
      </FormField>
    </EntityFormDialog>
  );
}

export default function TablesPage() {
  const tables = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ tables: DiningTable[] }>('/api/admin/tables').then((r) => r.tables),
  });
  const dialog = useEntityDialog<DiningTable>();
  const remove = useDeleteEntity<DiningTable>({
    endpoint: '/api/admin/tables',
    invalidate: [KEY],
    messages: { deleted: 'Mesa excluída!', failed: 'Erro ao excluir mesa' },
  });
  const list = tables.data ?? [];
  const suggested = list.reduce((m, t) => Math.max(m, t.number), 0) + 1;

  return (
    <div>
      <PageHeader
        title="Gerenciar Mesas"
        description="Cada mesa tem um QR Code que abre o cardápio com o número da mesa."
        actions={
          <Button onClick={dialog.create}>
            <Plus aria-hidden /> Nova Mesa
          </Button>
        }
      />
      {tables.isError ? (
        <LoadErrorPanel title="Erro ao carregar mesas" />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Mesa</TableHead>
              <TableHead>QR Code</TableHead>
              <TableHead>Link do cardápio</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tables.isPending ? (
              <TableSkeletonRows colSpan={4} rows={3} className="h-20" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={4}>Nenhuma mesa configurada</TableEmpty>
            ) : (
              list.map((t) => (
                <TableRow key={t.id}>
                  <TableCell label="Mesa" className="text-lg font-semibold">
                    Mesa {t.number}
                  </TableCell>
                  <TableCell label="QR Code">
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
                  </TableCell>
                  <TableCell label="Link" className="max-w-72 truncate">
                    <a
                      href={t.qrUrl}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 text-primary hover:underline"
                    >
                      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                      <span className="truncate">{menuLink(t)}</span>
                    </a>
                  </TableCell>
                  <RowActionsCell
                    editLabel={`Editar mesa ${t.number}`}
                    onEdit={() => dialog.edit(t)}
                    deleteLabel={`Excluir mesa ${t.number}`}
                    confirmTitle="Tem certeza que deseja excluir esta mesa?"
                    confirmDescription={`A mesa ${t.number} e o QR Code dela deixarão de funcionar.`}
                    onDelete={() => remove.mutateAsync(t)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <TableDialog open={dialog.open} editing={dialog.editing} suggested={suggested} onClose={dialog.close} />
    </div>
  );
}
