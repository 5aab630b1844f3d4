import { MSG } from '@meucardapio/domain/messages';
import { PROFILE_TYPE_LABELS, type ProfileType } from '@meucardapio/domain/permissions';
import { STAFF_PASSWORD_MIN } from '@meucardapio/domain/validation';
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
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, errorText } from '@/lib/api';
import { useStaff } from '@/lib/staff';

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

const toastFail = (title: string, err: unknown) => {
  const t = errorText(err);
  toast.error(title, { description: t.description || t.title });
};

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
  const queryClient = useQueryClient();
  const isEdit = Boolean(employee);
  const [name, setName] = useState(employee?.name ?? '');
  const [email, setEmail] = useState(employee?.email ?? '');
  const [password, setPassword] = useState('');
  const [profileId, setProfileId] = useState(employee?.profileId ?? '');

  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), email: email.trim(), password, profileId: profileId || null };
      return isEdit ? api.put(`/api/admin/employees/${employee?.id}`, body) : api.post('/api/admin/employees', body);
    },
    onSuccess: () => {
      toast.success(isEdit ? 'Funcionário atualizado!' : 'Funcionário criado!');
      queryClient.invalidateQueries({ queryKey: KEY });
      queryClient.invalidateQueries({ queryKey: ['admin', 'profiles'] });
      onClose();
    },
    onError: (err) => toastFail(isEdit ? 'Erro ao atualizar funcionário' : 'Erro ao criar funcionário', err),
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
    save.mutate();
  }

  return (
    <Dialog open onOpenChange={(v) => !v && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Editar Funcionário' : 'Novo Funcionário'}</DialogTitle>
          <DialogDescription>
            {isEdit ? 'Deixe a senha em branco para manter a atual.' : 'O funcionário entra com este e-mail e senha.'}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FormField label="Nome" htmlFor="employee-name">
            <Input
              id="employee-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="off"
              autoFocus
            />
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              {isEdit ? 'Atualizar' : 'Criar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function EmployeesPage() {
  const { can, staff } = useStaff();
  const canList = can('manage_users');
  const queryClient = useQueryClient();
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

  const toggle = useMutation({
    mutationFn: (e: Employee) => api.patch(`/api/admin/employees/${e.id}/active`, { active: !e.active }),
    onSuccess: () => {
      toast.success('Status atualizado!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastFail('Erro ao atualizar status', err),
  });

  async function remove(e: Employee) {
    try {
      await api.delete(`/api/admin/employees/${e.id}`);
      toast.success('Funcionário excluído!');
      queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      toastFail('Erro ao excluir funcionário', err);
      throw err;
    }
  }

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
        <div role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm">
          <p className="font-medium text-destructive">Erro ao carregar funcionários</p>
          <p className="text-muted-foreground">{errorText(employees.error).description}</p>
        </div>
      ) : (
        <Table>
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
              Array.from({ length: 3 }, (_, i) => (
                <TableRow key={i}>
                  <TableCell colSpan={5}>
                    <Skeleton className="h-8 w-full" />
                  </TableCell>
                </TableRow>
              ))
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
                    <TableCell label="Email" className="max-md:break-all">
                      {e.email}
                    </TableCell>
                    <TableCell label="Perfil">
                      {e.profile ? (
                        <span className="flex flex-wrap items-center gap-1.5 max-md:justify-end">
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
                          onCheckedChange={() => toggle.mutate(e)}
                          aria-label={`${e.active ? 'Desativar' : 'Ativar'} ${e.name}`}
                        />
                        <span className="text-sm">{e.active ? 'Ativo' : 'Inativo'}</span>
                      </span>
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Editar ${e.name}`}
                          onClick={() => setEditing({ employee: e })}
                        >
                          <Pencil aria-hidden />
                        </Button>
                        {!self && (
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            className="text-destructive hover:text-destructive"
                            aria-label={`Excluir ${e.name}`}
                            onClick={() => setDeleting(e)}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        )}
                      </div>
                    </TableCell>
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
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </div>
  );
}
