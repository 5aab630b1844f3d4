import { MSG } from '@meucardapio/domain/messages';
import { PROFILE_TYPE_LABELS, type ProfileType } from '@meucardapio/domain/permissions';
import { STAFF_PASSWORD_MIN } from '@meucardapio/domain/validation';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
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
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { useStaff } from '@/lib/staff';
import { CouriersCard } from './couriers-card';

type Employee = {
  id: string;
  name: string;
  email: string;
  active: boolean;
  profileId: string | null;
  profile: { id: string; name: string; type: string; active: boolean } | null;
};
type Profile = { id: string; name: string; type: string; active: boolean };
type DefaultType = { id: string; name: string; type: string; description: string | null };

const KEY = ['admin', 'employees'] as const;

const typeLabel = (type: string) => PROFILE_TYPE_LABELS[type as ProfileType] ?? type;

function EmployeeDialog({
  employee,
  profiles,
  types,
  onClose,
}: {
  employee: Employee | null;
  profiles: Profile[];
  types: DefaultType[];
  onClose: () => void;
}) {
  const isEdit = Boolean(employee);
  const [name, setName] = useState(employee?.name ?? '');
  const [email, setEmail] = useState(employee?.email ?? '');
  const [password, setPassword] = useState('');
  const [profileId, setProfileId] = useState(employee?.profileId ?? '');

  const save = useSaveEntity<{ name: string; email: string; password: string; profileId: string | null }>({
    endpoint: '/api/admin/employees',
    id: employee?.id,
    invalidate: [KEY, ['admin', 'profiles']],
    messages: {
      created: 'Funcionário criado!',
      updated: 'Funcionário atualizado!',
      createFailed: 'Erro ao criar funcionário',
      updateFailed: 'Erro ao atualizar funcionário',
    },
    onSaved: onClose,
  });

  function submit() {
    const missing = isEdit ? !name.trim() || !email.trim() : !name.trim() || !email.trim() || !password || !profileId;
    if (missing) {
      toast.error(MSG.fillRequiredFieldsStaff);
      return;
    }
    if (password && password.length < STAFF_PASSWORD_MIN) {
      toast.error(MSG.passwordMin8);
      return;
    }
    save.mutate({ name: name.trim(), email: email.trim(), password, profileId: profileId || null });
  }

  return (
    <EntityFormDialog
      onClose={onClose}
      title={isEdit ? 'Editar Funcionário' : 'Novo Funcionário'}
      description={
        isEdit ? 'Deixe a senha em branco para manter a atual.' : 'O funcionário entra com este e-mail e senha.'
      }
      onSubmit={submit}
      pending={save.isPending}
      savingStyle="spinner"
      submitLabel={isEdit ? 'Atualizar' : 'Criar'}
    >
      <FormField label="Nome" htmlFor="employee-name">
        <Input id="employee-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" autoFocus />
      </FormField>
      <FormField label="E-mail" htmlFor="employee-email">
        <Input
          id="employee-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="off"
        />
      </FormField>
      <FormField
        label="Senha"
        htmlFor="employee-password"
        hint={isEdit ? 'Em branco mantém a senha atual.' : `Mínimo de ${STAFF_PASSWORD_MIN} caracteres.`}
      >
        <Input
          id="employee-password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
      </FormField>
      <FormField label="Perfil" htmlFor="employee-profile">
        <Select value={profileId} onValueChange={setProfileId}>
          <SelectTrigger id="employee-profile">
            <SelectValue placeholder="Selecione um perfil" />
          </SelectTrigger>
          <SelectContent>
            {profiles.length > 0 && (
              <SelectGroup>
                <SelectLabel>Perfis do restaurante</SelectLabel>
                {profiles.map((p) => (
                  <SelectItem key={p.id} value={p.id}>
                    {p.name} ({typeLabel(p.type)}){p.active ? '' : ' — inativo'}
                  </SelectItem>
                ))}
              </SelectGroup>
            )}
            <SelectGroup>
              <SelectLabel>Novo perfil a partir do modelo</SelectLabel>
              {types.map((t) => (
                <SelectItem key={t.id} value={t.id}>
                  {t.name}
                </SelectItem>
              ))}
            </SelectGroup>
          </SelectContent>
        </Select>
      </FormField>
    </EntityFormDialog>
  );
}

export default function EmployeesPage() {
  const { can, staff } = useStaff();
  const canList = can('manage_users');
  const employees = useQuery({
    queryKey: KEY,
    enabled: canList,
    queryFn: async () => (await api.get<{ employees: Employee[] }>('/api/admin/employees')).employees,
  });
  const profiles = useQuery({
    queryKey: ['admin', 'profiles'],
    queryFn: async () => (await api.get<{ profiles: Profile[] }>('/api/admin/profiles')).profiles,
  });
  const types = useQuery({
    queryKey: ['admin', 'default-profile-types'],
    queryFn: async () => (await api.get<{ types: DefaultType[] }>('/api/admin/default-profile-types')).types,
  });
  const [editing, setEditing] = useState<{ employee: Employee | null } | null>(null);
  const [deleting, setDeleting] = useState<Employee | null>(null);

  const toggle = useToggleActive<Employee>({
    endpoint: '/api/admin/employees',
    invalidate: [KEY],
    messages: { toggled: 'Status atualizado!', failed: 'Erro ao atualizar status' },
  });
  const remove = useDeleteEntity<Employee>({
    endpoint: '/api/admin/employees',
    invalidate: [KEY],
    messages: { deleted: 'Funcionário excluído!', failed: 'Erro ao excluir funcionário' },
  });

  const list = employees.data ?? [];

  return (
    <div>
      <PageHeader
        title="Funcionários"
        description="Quem acessa o painel e com qual perfil."
        actions={
          <Button onClick={() => setEditing({ employee: null })}>
            <Plus aria-hidden />
            Novo Funcionário
          </Button>
        }
      />
      {!canList ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          A lista de funcionários requer a permissão “Gerenciar usuários”. Você ainda pode cadastrar novos funcionários.
        </p>
      ) : employees.isError ? (
        <LoadErrorNotice title="Erro ao carregar funcionários" error={employees.error} />
      ) : (
        <Table wide>
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Perfil</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {employees.isPending ? (
              <TableSkeletonRows colSpan={5} rows={3} className="h-8" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={5}>Nenhum funcionário cadastrado</TableEmpty>
            ) : (
              list.map((e) => {
                const self = staff.kind === 'employee' && staff.id === e.id;
                return (
                  <TableRow key={e.id}>
                    <TableCell label="Nome" className="font-medium">
                      {e.name}
                    </TableCell>
                    <TableCell label="Email" className="stacked:break-all">
                      {e.email}
                    </TableCell>
                    <TableCell label="Perfil">
                      {e.profile ? (
                        <span className="flex flex-wrap items-center gap-1.5 stacked:justify-end">
                          {e.profile.name}
                          <Badge variant="outline">{typeLabel(e.profile.type)}</Badge>
                          {!e.profile.active && <Badge variant="warning">Perfil inativo</Badge>}
                        </span>
                      ) : (
                        <span className="text-muted-foreground">Sem perfil</span>
                      )}
                    </TableCell>
                    <TableCell label="Status">
                      <span className="flex items-center gap-2">
                        <Switch
                          checked={e.active}
                          disabled={self || toggle.isPending}
                          onCheckedChange={(active) => toggle.mutate({ item: e, active })}
                          aria-label={`${e.active ? 'Desativar' : 'Ativar'} ${e.name}`}
                        />
                        <span className="text-sm">{e.active ? 'Ativo' : 'Inativo'}</span>
                      </span>
                    </TableCell>
                    <CompactRowActionsCell
                      editLabel={`Editar ${e.name}`}
                      onEdit={() => setEditing({ employee: e })}
                      deleteLabel={`Excluir ${e.name}`}
                      onDelete={self ? undefined : () => setDeleting(e)}
                    />
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      )}
      {editing && (
        <EmployeeDialog
          employee={editing.employee}
          profiles={profiles.data ?? []}
          types={types.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(v) => !v && setDeleting(null)}
        title="Tem certeza que deseja excluir este funcionário?"
        description={deleting?.name}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
      <CouriersCard />
    </div>
  );
}
