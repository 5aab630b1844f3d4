import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
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
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, errorText } from '@/lib/api';

type Category = { id: string; name: string; order: number };
const KEY = ['admin', 'categories'] as const;

const toastFail = (title: string, err: unknown) => {
  const t = errorText(err);
  toast.error(title, { description: t.description || t.title });
};

function CategoryDialog({
  category,
  count,
  onClose,
}: {
  category: Category | null;
  count: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(category?.name ?? '');
  const [order, setOrder] = useState(String(category?.order ?? count));
  const isEdit = Boolean(category);
  const save = useMutation({
    mutationFn: () => {
      const n = Number.parseInt(order, 10);
      const body = { name: name.trim(), order: Number.isFinite(n) && n >= 0 ? n : 0 };
      return isEdit ? api.put(`/api/admin/categories/${category?.id}`, body) : api.post('/api/admin/categories', body);
    },
    onSuccess: () => {
      toast.success(isEdit ? 'Categoria atualizada!' : 'Categoria criada!');
      queryClient.invalidateQueries({ queryKey: KEY });
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      onClose();
    },
    onError: (err) => toastFail(isEdit ? 'Erro ao atualizar categoria' : 'Erro ao criar categoria', err),
  });
  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Editar Categoria' : 'Nova Categoria'}</DialogTitle>
          <DialogDescription>Categorias com ordem menor aparecem primeiro no cardápio.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) save.mutate();
          }}
        >
          <FormField label="Nome" htmlFor="category-name">
            <Input
              id="category-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              maxLength={120}
            />
          </FormField>
          <FormField label="Ordem" htmlFor="category-order">
            <Input id="category-order" type="number" min={0} value={order} onChange={(e) => setOrder(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!name.trim()} loading={save.isPending}>
              {isEdit ? 'Atualizar' : 'Criar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function CategoriesPage() {
  const queryClient = useQueryClient();
  const categories = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ categories: Category[] }>('/api/admin/categories')).categories,
  });
  const [editing, setEditing] = useState<{ category: Category | null } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const list = categories.data ?? [];

  async function remove(c: Category) {
    try {
      await api.delete(`/api/admin/categories/${c.id}`);
      toast.success('Categoria excluída!');
      queryClient.invalidateQueries({ queryKey: KEY });
      queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    } catch (err) {
      toastFail('Erro ao excluir categoria', err);
      throw err;
    }
  }

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
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <p className="font-medium text-destructive">Erro ao carregar categorias</p>
          <p className="text-muted-foreground">{errorText(categories.error).description}</p>
        </div>
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
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={3}>
                    <Skeleton className="h-8 w-full" />
                  </TableCell>
                </TableRow>
              ))
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
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Editar ${c.name}`}
                        onClick={() => setEditing({ category: c })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Excluir ${c.name}`}
                        onClick={() => setDeleting(c)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </TableCell>
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
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  );
}
