import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EntityFormDialog } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { useDeleteEntity, useSaveEntity } from '../shared/entity-mutations';
import { LoadErrorNotice, TableSkeletonRows } from '../shared/list-states';
import { CompactRowActionsCell } from '../shared/row-actions';

type Category = { id: string; name: string; order: number };
const KEY = ['admin', 'categories'] as const;
const INVALIDATE = [KEY, ['admin', 'products']];

function CategoryDialog({
  category,
  count,
  onClose,
}: {
  category: Category | null;
  count: number;
  onClose: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [order, setOrder] = useState(String(category?.order ?? count));
  const isEdit = Boolean(category);
  const save = useSaveEntity<{ name: string; order: number }>({
    endpoint: '/api/admin/categories',
    id: category?.id,
    invalidate: INVALIDATE,
    messages: {
      created: 'Categoria criada!',
      updated: 'Categoria atualizada!',
      createFailed: 'Erro ao criar categoria',
      updateFailed: 'Erro ao atualizar categoria',
    },
    onSaved: onClose,
  });
  function submit() {
    if (!name.trim()) return;
    const n = Number.parseInt(order, 10);
    save.mutate({ name: name.trim(), order: Number.isFinite(n) && n >= 0 ? n : 0 });
  }
  return (
    <EntityFormDialog
      onClose={onClose}
      title={isEdit ? 'Editar Categoria' : 'Nova Categoria'}
      description="Categorias com ordem menor aparecem primeiro no cardápio."
      onSubmit={submit}
      pending={save.isPending}
      savingStyle="spinner"
      submitLabel={isEdit ? 'Atualizar' : 'Criar'}
      submitDisabled={!name.trim()}
    >
      <FormField label="Nome" htmlFor="category-name">
        <Input id="category-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={120} />
      </FormField>
      <FormField label="Ordem" htmlFor="category-order">
        <Input id="category-order" type="number" min={0} value={order} onChange={(e) => setOrder(e.target.value)} />
      </FormField>
    </EntityFormDialog>
  );
}

export default function CategoriesPage() {
  const categories = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ categories: Category[] }>('/api/admin/categories')).categories,
  });
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const list = categories.data ?? [];

  const remove = useDeleteEntity<Category>({
    endpoint: '/api/admin/categories',
    invalidate: INVALIDATE,
    messages: { deleted: 'Categoria excluída!', failed: 'Erro ao excluir categoria' },
  });

  return (
    <div>
      <PageHeader
        title="Categorias"
        description="Organize o cardápio em seções."
        actions={
          <Button onClick={() => setEditing({ category: null })}>
            <Plus aria-hidden />
            Nova Categoria
          </Button>
        }
      />
      {categories.isError ? (
        <LoadErrorNotice title="Erro ao carregar categorias" error={categories.error} />
      ) : (
        <Table className="md:max-w-3xl">
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead className="w-24">Ordem</TableHead>
              <TableHead className="w-28 text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {categories.isPending ? (
              <TableSkeletonRows colSpan={3} rows={3} className="h-8" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={3}>Nenhuma categoria criada</TableEmpty>
            ) : (
              list.map((c) => (
                <TableRow key={c.id}>
                  <TableCell label="Nome" className="font-medium">
                    {c.name}
                  </TableCell>
                  <TableCell label="Ordem" className="tabular-nums">
                    {c.order}
                  </TableCell>
                  <CompactRowActionsCell
                    editLabel={`Editar ${c.name}`}
                    onEdit={() => setEditing({ category: c })}
                    deleteLabel={`Excluir ${c.name}`}
                    onDelete={() => setDeleting(c)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      {editing && <CategoryDialog category={editing.category} count={list.length} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(v) => !v && setDeleting(null)}
        title="Tem certeza que deseja excluir esta categoria? Produtos vinculados ficarão sem categoria."
        description={deleting?.name}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </div>
  );
}
