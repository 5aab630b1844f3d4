import { DEFAULT_MAX_DISCOUNT_PERCENT, DISCOUNT_MSG } from '@meucardapio/domain/cashier-discounts';
import {
  defaultPermissionsFor,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
  PROFILE_TYPE_LABELS,
  type ProfileType,
  profileTypesForSegment,
} from '@meucardapio/domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useDeleteEntity, useSaveEntity, useToggleActive } from '@/components/crud/entity-mutations';
import { LoadErrorNotice, TableSkeletonRows } from '@/components/crud/list-states';
import { CompactRowActionsCell } from '@/components/crud/row-actions';
import { EntityFormDialog } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { useStaff } from '@/lib/staff';

type Permissions = Record<PermissionKey, boolean>;
type Profile = {
  id: string;
  name: string;
  type: ProfileType;
  permissions: Permissions;
  active: boolean;
  maxDiscountPercent: number | null;
  permissionCount: number;
  employeeCount: number;
};

const KEY = ['admin', 'profiles'] as const;

const fullMap = (p: Partial<Permissions>) =>
  Object.fromEntries(PERMISSION_KEYS.map((k) => [k, p[k] === true])) as Permissions;

function ProfileDialog({
  profile,
  types,
  onClose,
}: {
  profile: Profile | null;
  types: ProfileType[];
  onClose: () => void;
}) {
  const isEdit = Boolean(profile);
  const [name, setName] = useState(profile?.name ?? '');
  const [type, setType] = useState<ProfileType>(profile?.type ?? 'counter');
  const [permissions, setPermissions] = useState<Permissions>(() =>
    fullMap(profile?.permissions ?? defaultPermissionsFor(profile?.type ?? 'counter')),
  );

  // Empty: the type's default limit.
  const [maxDiscount, setMaxDiscount] = useState(profile?.maxDiscountPercent?.toString() ?? '');
  const maxDiscountPercent = maxDiscount.trim() === '' ? null : Number(maxDiscount);

  const save = useSaveEntity<{
    name: string;
    type: ProfileType;
    permissions: Permissions;
    maxDiscountPercent: number | null;
  }>({
    endpoint: '/api/admin/profiles',
    id: profile?.id,
    invalidate: [KEY],
    messages: {
      created: 'Perfil criado!',
      updated: 'Perfil atualizado!',
      createFailed: 'Erro ao criar perfil',
      updateFailed: 'Erro ao atualizar perfil',
    },
    onSaved: onClose,
  });

  const granted = PERMISSION_KEYS.filter((k) => permissions[k]).length;

  return (
    <EntityFormDialog
      onClose={onClose}
      className="max-w-2xl"
      title={isEdit ? 'Editar Perfil' : 'Novo Perfil'}
      description="Escolher o tipo carrega as permissões padrão; ajuste cada uma como quiser."
      onSubmit={() => {
        if (name.trim()) save.mutate({ name: name.trim(), type, permissions, maxDiscountPercent });
      }}
      pending={save.isPending}
      savingStyle="spinner"
      submitLabel={isEdit ? 'Atualizar' : 'Criar'}
      submitDisabled={!name.trim()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Nome" htmlFor="profile-name">
          <Input id="profile-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={120} />
        </FormField>
        <FormField label="Tipo" htmlFor="profile-type">
          <Select
            value={type}
            onValueChange={(v) => {
              const t = v as ProfileType;
              setType(t);
              setPermissions(fullMap(defaultPermissionsFor(t)));
            }}
          >
            <SelectTrigger id="profile-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {types.map((t) => (
                <SelectItem key={t} value={t}>
                  {PROFILE_TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        {type !== 'admin' && (
          <FormField
            label={DISCOUNT_MSG.limitLabel}
            htmlFor="profile-max-discount"
            hint={`Em branco: ${DEFAULT_MAX_DISCOUNT_PERCENT[type]}% (padrão do tipo). Acima do limite, um gerente autoriza com a senha dele.`}
          >
            <Input
              id="profile-max-discount"
              inputMode="numeric"
              placeholder={String(DEFAULT_MAX_DISCOUNT_PERCENT[type])}
              value={maxDiscount}
              maxLength={3}
              onChange={(e) => setMaxDiscount(e.target.value.replace(/\D/g, ''))}
            />
          </FormField>
        )}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
          Permissões{' '}
          <span className="text-xs font-normal text-muted-foreground">
            {granted} de {PERMISSION_KEYS.length}
          </span>
        </legend>
        {type === 'admin' && (
          <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
            O tipo Administrador tem acesso a todas as áreas, independentemente das opções abaixo.
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {PERMISSION_KEYS.map((k) => (
            <div key={k} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
              <Label htmlFor={`perm-${k}`} className="font-normal">
                {PERMISSION_LABELS[k]}
              </Label>
              <Switch
                id={`perm-${k}`}
                checked={permissions[k]}
                onCheckedChange={(v) => setPermissions((p) => ({ ...p, [k]: v }))}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </EntityFormDialog>
  );
}

export default function ProfilesPage() {
  const { isCommerce } = useStaff();
  const profiles = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ profiles: Profile[] }>('/api/admin/profiles')).profiles,
  });
  const [editing, setEditing] = useState<{ profile: Profile | null } | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const types: ProfileType[] = [...profileTypesForSegment(isCommerce ? 'commerce' : 'restaurant'), 'custom'];

  const toggle = useToggleActive<Profile>({
    endpoint: '/api/admin/profiles',
    invalidate: [KEY],
    messages: { toggled: 'Status atualizado!', failed: 'Erro ao atualizar status' },
  });
  const remove = useDeleteEntity<Profile>({
    endpoint: '/api/admin/profiles',
    invalidate: [KEY],
    messages: { deleted: 'Perfil excluído!', failed: 'Erro ao excluir perfil' },
  });

  const list = profiles.data ?? [];

  return (
    <div>
      <PageHeader
        title="Perfis de Acesso"
        description="Defina o que cada perfil pode fazer no painel."
        actions={
          <Button onClick={() => setEditing({ profile: null })}>
            <Plus aria-hidden />
            Novo Perfil
          </Button>
        }
      />
      {profiles.isError ? (
        <LoadErrorNotice title="Erro ao carregar perfis" error={profiles.error} />
      ) : (
        <Table wide>
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Tipo</TableHead>
              <TableHead>Permissões</TableHead>
              <TableHead>Funcionários</TableHead>
              <TableHead>Ativo</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {profiles.isPending ? (
              <TableSkeletonRows colSpan={6} rows={3} className="h-8" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={6}>Nenhum perfil encontrado</TableEmpty>
            ) : (
              list.map((p) => (
                <TableRow key={p.id}>
                  <TableCell label="Nome" className="font-medium">
                    {p.name}
                  </TableCell>
                  <TableCell label="Tipo">
                    <Badge variant="outline">{PROFILE_TYPE_LABELS[p.type] ?? p.type}</Badge>
                  </TableCell>
                  <TableCell label="Permissões" className="tabular-nums">
                    {p.permissionCount} de {PERMISSION_KEYS.length}
                  </TableCell>
                  <TableCell label="Funcionários" className="tabular-nums">
                    {p.employeeCount}
                  </TableCell>
                  <TableCell label="Ativo">
                    <Switch
                      checked={p.active}
                      disabled={toggle.isPending}
                      onCheckedChange={(active) => toggle.mutate({ item: p, active })}
                      aria-label={`${p.active ? 'Desativar' : 'Ativar'} perfil ${p.name}`}
                    />
                  </TableCell>
                  <CompactRowActionsCell
                    editLabel={`Editar perfil ${p.name}`}
                    onEdit={() => setEditing({ profile: p })}
                    deleteLabel={`Excluir perfil ${p.name}`}
                    onDelete={() => setDeleting(p)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      {editing && <ProfileDialog profile={editing.profile} types={types} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(v) => !v && setDeleting(null)}
        title="Tem certeza que deseja excluir este perfil?"
        description={
          deleting?.employeeCount
            ? `${deleting.employeeCount} funcionário(s) com este perfil perderão o acesso ao painel.`
            : deleting?.name
        }
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </div>
  );
}
