import type { FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';

type Category = { id: string; name: string; order: number };
type Form = { name: string; order: string };

function CategoryFields({ form, set }: FieldsProps<Category, Form>) {
  return (
    <>
      <FormField label="Nome" htmlFor="category-name">
        <Input
          id="category-name"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          autoFocus
          maxLength={120}
        />
      </FormField>
      <FormField label="Ordem" htmlFor="category-order">
        <Input
          id="category-order"
          type="number"
          min={0}
          value={form.order}
          onChange={(e) => set('order', e.target.value)}
        />
      </FormField>
    </>
  );
}

const CATEGORIES: EntityListSpec<Category, Form> = {
  endpoint: '/api/admin/categories',
  queryKey: ['admin', 'categories'],
  load: async () => (await api.get<{ categories: Category[] }>('/api/admin/categories')).categories,
  // The products list shows each product's category.
  alsoInvalidate: [['admin', 'products']],
  messages: {
    created: 'Categoria criada!',
    updated: 'Categoria atualizada!',
    deleted: 'Categoria excluída!',
    createFailed: 'Erro ao criar categoria',
    updateFailed: 'Erro ao atualizar categoria',
    deleteFailed: 'Erro ao excluir categoria',
    loadFailed: 'Erro ao carregar categorias',
  },
  title: 'Categorias',
  description: 'Organize o cardápio em seções.',
  newLabel: 'Nova Categoria',
  empty: 'Nenhuma categoria criada',
  columns: [
    { header: 'Nome', className: 'font-medium', cell: (c) => c.name },
    { header: 'Ordem', headClassName: 'w-24', className: 'tabular-nums', cell: (c) => c.order },
  ],
  rowName: (c) => c.name,
  confirmDelete: {
    title: 'Tem certeza que deseja excluir esta categoria? Produtos vinculados ficarão sem categoria.',
    description: (c) => c.name,
  },
  form: {
    titles: ['Nova Categoria', 'Editar Categoria'],
    description: 'Categorias com ordem menor aparecem primeiro no cardápio.',
    style: 'compact',
    // A new category goes last.
    toForm: (c, list) => ({ name: c?.name ?? '', order: String(c?.order ?? list.length) }),
    toBody: (f) => {
      if (!f.name.trim()) return { errors: {} };
      const n = Number.parseInt(f.order, 10);
      return { body: { name: f.name.trim(), order: Number.isFinite(n) && n >= 0 ? n : 0 } };
    },
    submitDisabled: (f) => !f.name.trim(),
    Fields: CategoryFields,
  },
};

export default function CategoriesPage() {
  return <EntityList spec={CATEGORIES} />;
}
