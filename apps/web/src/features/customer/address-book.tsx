import { zodResolver } from '@hookform/resolvers/zod';
import { formatCep } from '@meucardapio/domain/phone';
import { type AddressEntry, addressEntrySchema, MAX_SAVED_ADDRESSES } from '@meucardapio/domain/validation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AddressFields, type AddressValue, emptyAddressValue, toAddressValue } from '@/components/address-fields';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api';
import { firstFormError } from '@/lib/form-errors';
import {
  type Address,
  type AddressInput,
  createAddress,
  customerKeys,
  deleteAddress,
  fetchAddresses,
  updateAddress,
} from './customer-api';

const emptyAddress: AddressInput = { name: '', ...emptyAddressValue };

/** The customer's address book (at most 4). */
export function AddressBook() {
  const queryClient = useQueryClient();
  const addresses = useQuery({ queryKey: customerKeys.addresses, queryFn: fetchAddresses });
  // The id of the entry being edited, '' for a new one, null with the dialog closed.
  const [editingId, setEditingId] = useState<string | null>(null);
  // The server's own schema: name, address, number, neighbourhood and CEP required.
  const form = useForm({ resolver: zodResolver(addressEntrySchema) });
  const values = form.watch();
  const list = addresses.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.addresses });

  function edit(id: string, data: AddressInput) {
    form.reset(data);
    setEditingId(id);
  }

  function add() {
    if (list.length >= MAX_SAVED_ADDRESSES) {
      toast.error('Limite atingido', { description: 'Você pode salvar no máximo 4 endereços.' });
      return;
    }
    edit('', emptyAddress);
  }

  async function save(entry: AddressEntry) {
    try {
      if (editingId) {
        await updateAddress(editingId, entry);
        toast.success('Endereço atualizado!');
      } else {
        await createAddress(entry);
        toast.success('Endereço salvo!');
      }
      setEditingId(null);
      void refresh();
    } catch (err) {
      toastError(err, 'Não foi possível salvar o endereço.');
    }
  }

  const submit = form.handleSubmit(save, (invalid) => toast.error(firstFormError(invalid)));

  async function remove(a: Address) {
    try {
      await deleteAddress(a.id);
      toast.success('Endereço excluído!');
      void refresh();
    } catch (err) {
      toastError(err, 'Não foi possível excluir o endereço.');
      throw err;
    }
  }

  return (
    <Card className="h-fit">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <MapPin className="size-4" aria-hidden /> Endereços ({list.length}/{MAX_SAVED_ADDRESSES})
        </CardTitle>
        <Button variant="ghost" size="sm" className="h-10" onClick={add}>
          <Plus aria-hidden /> Adicionar
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2">
        {addresses.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum endereço salvo.</p>
        ) : (
          list.map((a) => (
            <div key={a.id} className="flex items-start gap-2 rounded-lg border p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{a.name}</p>
                <p className="text-muted-foreground">
                  {a.address}, {a.number}
                  {a.complement ? ` · ${a.complement}` : ''} · {a.neighborhood}
                  {a.city ? ` · ${a.city}` : ''} · {formatCep(a.cep)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Editar ${a.name}`}
                onClick={() => edit(a.id, { name: a.name, ...toAddressValue(a), state: a.state ?? 'SP' })}
              >
                <Pencil aria-hidden />
              </Button>
              <ConfirmDialog
                title="Excluir este endereço?"
                description={`${a.name}: ${a.address}, ${a.number}`}
                onConfirm={() => remove(a)}
                trigger={
                  <Button variant="ghost" size="icon-sm" aria-label={`Excluir ${a.name}`}>
                    <Trash2 aria-hidden />
                  </Button>
                }
              />
            </div>
          ))
        )}
      </CardContent>
      <Dialog open={editingId !== null} onOpenChange={(v) => !v && setEditingId(null)}>
        <DialogContent variant="sheet">
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <DialogHeader>
              <DialogTitle>{editingId ? 'Editar endereço' : 'Novo endereço'}</DialogTitle>
              <DialogDescription>Campos obrigatórios: nome, endereço, número, bairro e CEP.</DialogDescription>
            </DialogHeader>
            <FormField label="Nome (ex.: Casa, Trabalho)" htmlFor="ad-name">
              <Input id="ad-name" {...form.register('name')} />
            </FormField>
            {editingId !== null && (
              <AddressFields
                idPrefix="ad"
                value={toAddressValue(values)}
                onChange={(patch) => {
                  for (const [k, v] of Object.entries(patch)) form.setValue(k as keyof AddressValue, v);
                }}
              />
            )}
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setEditingId(null)}>
                Cancelar
              </Button>
              <Button type="submit" variant="brand" loading={form.formState.isSubmitting}>
                Salvar endereço
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
