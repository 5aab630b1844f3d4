import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@meucardapio/domain/messages';
import { canChatAboutOrder } from '@meucardapio/domain/order-status';
import { formatCep, formatPhone } from '@meucardapio/domain/phone';
import {
  type AddressEntry,
  addressEntrySchema,
  type CustomerProfileSaved,
  customerProfileSchema,
  MAX_SAVED_ADDRESSES,
} from '@meucardapio/domain/validation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreditCard,
  LogOut,
  MapPin,
  MessageCircle,
  Pencil,
  Plus,
  RefreshCw,
  ShieldAlert,
  Star,
  Store,
  Trash2,
  UserRound,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AddressFields, type AddressValue, emptyAddressValue, toAddressValue } from '@/components/address-fields';
import { ChatDialog } from '@/components/chat/chat-dialog';
import { useChatUnread } from '@/components/chat/use-chat-unread';
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
import { type CustomerMe, isCustomer, useAuth } from '@/lib/auth';
import { firstFormError } from '@/lib/form-errors';
import { useToastsBelow } from '@/lib/toast';
import { useEvents } from '@/lib/use-events';
import {
  type Address,
  type AddressInput,
  type CustomerOrder,
  createAddress,
  customerKeys,
  deleteAddress,
  fetchAddresses,
  fetchOrders,
  fetchProfile,
  saveProfile,
  updateAddress,
  verifyPayment,
} from './customer-api';
import { MyDataSection } from './my-data-section';
import { OrderCard, orderTitle } from './order-card';

/** /customer-dashboard: profile, address book and live orders of the signed-in customer. */
export default function CustomerDashboardPage() {
  const { user, status } = useAuth();
  if (status === 'loading') return <DashboardSkeleton />;
  if (!isCustomer(user)) return <AccessRequired staff={!!user} />;
  return <Dashboard user={user} />;
}

export function AccessRequired({ staff }: { staff: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md rounded-2xl border bg-background p-6 text-center shadow-sm">
        <ShieldAlert className="mx-auto size-12 text-destructive" aria-hidden />
        <h1 className="mt-3 text-2xl font-semibold">Acesso Negado</h1>
        <p className="mt-1 font-medium">Acesso Necessário</p>
        <p className="mt-2 text-sm text-muted-foreground">
          {staff
            ? 'Esta área é exclusiva para clientes. Entre com sua conta de cliente pelo cardápio do restaurante.'
            : 'Entre com sua conta de cliente pelo cardápio do restaurante para ver seus pedidos.'}
        </p>
        <Button asChild variant="outline" className="mt-5">
          <Link to="/landing">Voltar ao início</Link>
        </Button>
      </div>
    </main>
  );
}

function DashboardSkeleton() {
  return (
    <main className="mx-auto grid max-w-3xl gap-4 p-4">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-28 w-full" />
    </main>
  );
}

function Dashboard({ user }: { user: CustomerMe }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const slug = user.restaurant.slug;
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);

  async function signOut() {
    await logout();
    navigate(`/${slug}`);
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <header ref={header} className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate text-xs text-muted-foreground">{user.restaurant.name}</p>
            <h1 className="truncate text-lg font-semibold">Olá, {user.name.split(' ')[0]}!</h1>
          </div>
          <Button asChild variant="outline" size="sm" className="h-10">
            <Link to={`/${slug}`}>
              <Store aria-hidden /> <span className="hidden sm:inline">Cardápio</span>
            </Link>
          </Button>
          <Button variant="ghost" size="sm" className="h-10" onClick={signOut}>
            <LogOut aria-hidden /> Sair
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-4 p-4 md:grid-cols-[1fr_1fr]">
        <div className="md:col-span-2">
          <OrdersSection />
        </div>
        <ProfileSection />
        <AddressBook />
        <div className="md:col-span-2">
          <MyDataSection user={user} />
        </div>
      </main>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Orders (live through SSE, polled every 10 s as a safety net)

function OrdersSection() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [chatOrder, setChatOrder] = useState<CustomerOrder | null>(null);
  const unread = useChatUnread('customer');
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.orders });
  const { connected } = useEvents(
    'customer',
    { 'order.updated': refresh, 'order.created': refresh },
    { onOpen: refresh },
  );
  const orders = useQuery({
    queryKey: customerKeys.orders,
    queryFn: fetchOrders,
    refetchInterval: (q) => {
      const pendingPayment = q.state.data?.some((o) => o.paymentStatus === 'pending' && o.status !== 'cancelled');
      return !connected || pendingPayment ? 10_000 : false;
    },
  });
  const verify = useMutation({
    mutationFn: (id: string) => verifyPayment(id),
    onSuccess: (res) => {
      if (res.status === 'approved') toast.success('Pagamento confirmado!');
      else if (res.status === 'failed') toast.error('Pagamento não aprovado');
      else if (res.problem === 'verification_failed')
        toast.error(MSG.verificationError, { description: MSG.verificationFailed });
      else if (res.problem === 'configuration_required')
        toast.error(MSG.checkoutNotConfigured, { description: MSG.checkoutNotConfiguredVerify });
      else toast.info('Pagamento ainda não confirmado', { description: 'Tente novamente em instantes.' });
      void refresh();
    },
    onError: (err) => toastError(err, 'Erro na verificação'),
  });

  if (orders.isError) {
    return (
      <Card>
        <CardContent className="p-6 text-center text-sm text-muted-foreground">
          Não foi possível carregar seus pedidos.
          <Button variant="outline" size="sm" className="ml-2" onClick={() => orders.refetch()}>
            Tentar novamente
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <section className="grid gap-3" aria-labelledby="orders-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="orders-title" className="text-lg font-semibold">
          Meus pedidos
        </h2>
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to="/customer">Ver todos e repetir</Link>
        </Button>
      </div>
      {orders.isLoading ? (
        <>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </>
      ) : orders.data?.length === 0 ? (
        <Card>
          <CardContent className="p-6 text-center text-sm text-muted-foreground">
            Você ainda não fez pedidos.
          </CardContent>
        </Card>
      ) : (
        orders.data?.map((o, index) => (
          <OrderCard
            key={o.id}
            order={o}
            expanded={open === o.id || (open === null && index === 0)}
            onToggle={() => setOpen((cur) => (cur === o.id || (cur === null && index === 0) ? '' : o.id))}
            actions={
              <>
                {o.checkoutUrl && o.paymentStatus !== 'approved' && (
                  <Button
                    variant="brand"
                    size="sm"
                    className="h-10"
                    onClick={() => window.location.assign(o.checkoutUrl!)}
                  >
                    <CreditCard aria-hidden /> Pagar agora
                  </Button>
                )}
                {/* A PIX QR Code payment is confirmed by the restaurant: nothing to ask a provider. */}
                {o.paymentStatus === 'pending' && !o.pix && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-10"
                    loading={verify.isPending && verify.variables === o.id}
                    onClick={() => verify.mutate(o.id)}
                  >
                    <RefreshCw aria-hidden /> Verificar pagamento
                  </Button>
                )}
                {canChatAboutOrder(o.status) && (
                  <Button variant="outline" size="sm" className="h-10" onClick={() => setChatOrder(o)}>
                    <MessageCircle aria-hidden /> Chat
                    {(unread.byOrder[o.id] ?? 0) > 0 && (
                      <span className="ml-1 rounded-full bg-destructive px-1.5 text-xs font-semibold text-white">
                        {unread.byOrder[o.id]}
                        <span className="sr-only"> mensagens não lidas</span>
                      </span>
                    )}
                  </Button>
                )}
                {o.status === 'delivered' && (
                  <Button asChild variant="brand" size="sm" className="h-10">
                    <Link to={`/review/${o.restaurantId}?order=${o.id}`}>
                      <Star aria-hidden /> Avaliar Pedido
                    </Link>
                  </Button>
                )}
              </>
            }
          />
        ))
      )}
      {chatOrder && (
        <ChatDialog
          mode="customer"
          orderId={chatOrder.id}
          title={`Chat · ${orderTitle(chatOrder)}`}
          open
          onOpenChange={(v) => !v && setChatOrder(null)}
        />
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// Profile

/** Digits of a birthday field, as a number (null when cleared). */
function birthInput(value: string): number | null {
  const digits = value.replace(/\D/g, '').slice(0, 2);
  return digits ? Number(digits) : null;
}

function ProfileSection() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const profile = useQuery({ queryKey: customerKeys.profile, queryFn: fetchProfile });
  const [editing, setEditing] = useState(false);
  // The same schema the server parses: required name and phone, birthday day 1–31 and month 1–12.
  const form = useForm({ resolver: zodResolver(customerProfileSchema) });
  const values = form.watch();
  const errors = form.formState.errors;

  function startEdit() {
    if (!profile.data) return;
    const d = profile.data;
    form.reset({
      name: d.name,
      phone: formatPhone(d.phone ?? ''),
      ...toAddressValue(d),
      birthDay: d.birthDay,
      birthMonth: d.birthMonth,
    });
    setEditing(true);
  }

  async function save(body: CustomerProfileSaved) {
    try {
      const saved = await saveProfile(body);
      queryClient.setQueryData(customerKeys.profile, saved);
      void refresh();
      toast.success('Perfil atualizado!');
      setEditing(false);
    } catch (err) {
      toastError(err, 'Não foi possível atualizar o perfil.');
    }
  }

  const submit = form.handleSubmit(save, (invalid) => toast.error(firstFormError(invalid)));

  const p = profile.data;

  return (
    <Card className="h-fit">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle className="flex items-center gap-2 text-base">
          <UserRound className="size-4" aria-hidden /> Meu perfil
        </CardTitle>
        {!editing && p && (
          <Button variant="ghost" size="sm" className="h-10" onClick={startEdit}>
            <Pencil aria-hidden /> Editar
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!p ? (
          <Skeleton className="h-24 w-full" />
        ) : editing ? (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <FormField label="Nome" htmlFor="pf-name">
              <Input id="pf-name" {...form.register('name')} />
            </FormField>
            <FormField label="Telefone" htmlFor="pf-phone">
              <Input
                id="pf-phone"
                type="tel"
                inputMode="tel"
                value={values.phone ?? ''}
                onChange={(e) => form.setValue('phone', formatPhone(e.target.value))}
              />
            </FormField>
            <AddressFields
              idPrefix="pf"
              value={toAddressValue(values)}
              onChange={(patch) => {
                for (const [k, v] of Object.entries(patch)) form.setValue(k as keyof AddressValue, v);
              }}
            />
            <div className="grid grid-cols-2 gap-3">
              <FormField label="Dia do aniversário" htmlFor="pf-bday" error={errors.birthDay?.message}>
                <Input
                  id="pf-bday"
                  inputMode="numeric"
                  placeholder="Opcional"
                  value={String(values.birthDay ?? '')}
                  aria-invalid={!!errors.birthDay}
                  onChange={(e) => form.setValue('birthDay', birthInput(e.target.value))}
                />
              </FormField>
              <FormField label="Mês do aniversário" htmlFor="pf-bmonth" error={errors.birthMonth?.message}>
                <Input
                  id="pf-bmonth"
                  inputMode="numeric"
                  placeholder="Opcional"
                  value={String(values.birthMonth ?? '')}
                  aria-invalid={!!errors.birthMonth}
                  onChange={(e) => form.setValue('birthMonth', birthInput(e.target.value))}
                />
              </FormField>
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="brand" loading={form.formState.isSubmitting}>
                Salvar
              </Button>
              <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
                Cancelar
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-2 text-sm">
            <Info label="Nome" value={p.name} />
            <Info label="E-mail" value={p.email} />
            <Info label="Telefone" value={formatPhone(p.phone ?? '')} />
            <Info
              label="Endereço"
              value={[
                p.address && `${p.address}, ${p.number ?? ''}`,
                p.complement,
                p.neighborhood,
                p.city && `${p.city}/${p.state ?? ''}`,
                p.cep && formatCep(p.cep),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            {p.birthDay && p.birthMonth ? (
              <Info
                label="Aniversário"
                value={`${String(p.birthDay).padStart(2, '0')}/${String(p.birthMonth).padStart(2, '0')}`}
              />
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function Info({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{value || '—'}</dd>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Address book (at most 4)

const emptyAddress: AddressInput = { name: '', ...emptyAddressValue };

function AddressBook() {
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
