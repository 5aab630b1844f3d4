import {
  defaultPermissionsFor,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
  PROFILE_TYPE_LABELS,
  type ProfileType,
  profileTypesForSegment,
} from '@meucardapio/domain/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, errorText } from '@/lib/api';
import { useStaff } from '@/lib/staff';

type Permissions = Record<PermissionKey, boolean>;
type Profile = {
  id: string;
  name: string;
  type: ProfileType;
  permissions: Permissions;
  active: boolean;
  permissionCount: number;
  employeeCount: number;
};

const KEY = ['admin', 'profiles'] as const;

const toastFail = (title: string, err: unknown) => {
  const t = errorText(err);
  toast.error(title, { description: t.description || t.title });
};

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
  const queryClient = useQueryClient();
  const isEdit = Boolean(profile);
  const [name, setName] = useState(profile?.name ?? '');
  const [type, setType] = useState<ProfileType>(profile?.type ?? 'counter');
  const [permissions, setPermissions] = useState<Permissions>(() =>
    fullMap(profile?.permissions ?? defaultPermissionsFor(profile?.type ?? 'counter')),
  );

  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), type, permissions };
      return isEdit ? api.put(`/api/admin/profiles/${profile?.id}`, body) : api.post('/api/admin/profiles', body);
    },
    onSuccess: () => {
      toast.success(isEdit ? 'Perfil atualizado!' : 'Perfil criado!');
      queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) => toastFail(isEdit ? 'Erro ao atualizar perfil' : 'Erro ao criar perfil', err),
  });

  const granted = PERMISSION_KEYS.filter((k) => permissions[k]).length;

  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Editar Perfil' : 'Novo Perfil'}</DialogTitle>
          <DialogDescription>
            Escolher o tipo carrega as permissões padrão; ajuste cada uma como quiser.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) save.mutate();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nome" htmlFor="profile-name">
              <Input
                id="profile-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
                maxLength={120}
              />
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
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 flex w-full items-center justify-between text-sm font-medium">
              Permissões <span className="text-xs font-normal text-muted-foreground">{granted} de 19</span>
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

export default function ProfilesPage() {
  const { isCommerce } = useStaff();
  const queryClient = useQueryClient();
  const profiles = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ profiles: Profile[] }>('/api/admin/profiles')).profiles,
  });
  const [editing, setEditing] = useState<{ profile: Profile | null } | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const types: ProfileType[] = [...profileTypesForSegment(isCommerce ? 'commerce' : 'restaurant'), 'custom'];

  const toggle = useMutation({
    mutationFn: (p: Profile) => api.patch(`/api/admin/profiles/${p.id}/active`, { active: !p.active }),
    onSuccess: () => {
      toast.success('Status atualizado!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastFail('Erro ao atualizar status', err),
  });

  async function remove(p: Profile) {
    try {
      await api.delete(`/api/admin/profiles/${p.id}`);
      toast.success('Perfil excluído!');
      queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      toastFail('Erro ao excluir perfil', err);
      throw err;
    }
  }

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
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <p className="font-medium text-destructive">Erro ao carregar perfis</p>
          <p className="text-muted-foreground">{errorText(profiles.error).description}</p>
        </div>
      ) : (
        <Table>
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
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={6}>
                    <Skeleton className="h-8 w-full" />
                  </TableCell>
                </TableRow>
              ))
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
                    {p.permissionCount} de 19
                  </TableCell>
                  <TableCell label="Funcionários" className="tabular-nums">
                    {p.employeeCount}
                  </TableCell>
                  <TableCell label="Ativo">
                    <Switch
                      checked={p.active}
                      disabled={toggle.isPending}
                      onCheckedChange={() => toggle.mutate(p)}
                      aria-label={`${p.active ? 'Desativar' : 'Ativar'} perfil ${p.name}`}
                    />
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Editar perfil ${p.name}`}
                        onClick={() => setEditing({ profile: p })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Excluir perfil ${p.name}`}
                        onClick={() => setDeleting(p)}
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
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  );
}
