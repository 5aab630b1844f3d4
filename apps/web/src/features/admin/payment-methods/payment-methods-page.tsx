import { MSG } from '@meucardapio/domain/messages';
import type { PaymentMethodInput, PaymentMethodView } from '@meucardapio/domain/payment-method-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import type { FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { api, toastError } from '@/lib/api';

type Method = PaymentMethodView;
type Form = PaymentMethodInput;
type Answer = { paymentMethods: Method[]; checkoutConfigured: boolean; onlinePayments: boolean };

const KEY = ['admin-payment-methods'] as const;
const fetchMethods = () => api.get<Answer>('/api/admin/payment-methods');
const EMPTY: Form = {
  name: '',
  description: '',
  icon: '💳',
  active: true,
  requiresChange: false,
  infinitepayEnabled: false,
  maxInstallments: 1,
};

function MethodFields({ form, set }: FieldsProps<Method, Form>) {
  return (
    <>
      <div className="grid grid-cols-[5rem_1fr] gap-3">
        <FormField label="Ícone" htmlFor="pm-icon">
          <Input
            id="pm-icon"
            value={form.icon ?? ''}
            maxLength={4}
            onChange={(e) => set('icon', e.target.value)}
            className="text-center text-xl"
          />
        </FormField>
        <FormField label="Nome" htmlFor="pm-name">
          <Input
            id="pm-name"
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            maxLength={80}
            autoFocus
          />
        </FormField>
      </div>
      <FormField label="Descrição" htmlFor="pm-description">
        <Input
          id="pm-description"
          value={form.description ?? ''}
          onChange={(e) => set('description', e.target.value)}
          maxLength={300}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <Switch id="pm-change" checked={form.requiresChange} onCheckedChange={(v) => set('requiresChange', v)} />
        <Label htmlFor="pm-change">Precisa de troco</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch id="pm-ip" checked={form.infinitepayEnabled} onCheckedChange={(v) => set('infinitepayEnabled', v)} />
        <Label htmlFor="pm-ip">Pagar online (Infinitepay)</Label>
      </div>
      {form.infinitepayEnabled && (
        <FormField label="Parcelas (até)" htmlFor="pm-installments">
          <Select value={String(form.maxInstallments)} onValueChange={(v) => set('maxInstallments', Number(v))}>
            <SelectTrigger id="pm-installments">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {n}x
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      )}
      <div className="flex items-center gap-2">
        <Switch id="pm-active" checked={form.active} onCheckedChange={(v) => set('active', v)} />
        <Label htmlFor="pm-active">Ativa</Label>
      </div>
    </>
  );
}

/** The provider's column: "Sim" only when the customer could really pay this method online. */
function OnlineCell({ method }: { method: Method }) {
  const answer = useQuery({ queryKey: [...KEY, 'checkout'], queryFn: fetchMethods });
  const payable = answer.isSuccess && answer.data.onlinePayments && answer.data.checkoutConfigured;
  if (answer.isSuccess && !payable)
    return (
      <Badge variant="outline" className="text-muted-foreground">
        {answer.data.onlinePayments ? 'Sim · sem checkout' : 'Indisponível'}
      </Badge>
    );
  return <Badge variant="brand">Sim · até {method.maxInstallments}x</Badge>;
}

const METHODS: EntityListSpec<Method, Form> = {
  endpoint: '/api/admin/payment-methods',
  queryKey: KEY,
  load: () => fetchMethods().then((r) => r.paymentMethods),
  messages: {
    created: 'Forma de pagamento criada!',
    updated: 'Forma de pagamento atualizada!',
    deleted: 'Forma de pagamento excluída!',
    createFailed: 'Erro ao criar forma de pagamento',
    updateFailed: 'Erro ao atualizar forma de pagamento',
    deleteFailed: 'Erro ao excluir forma de pagamento',
    loadFailed: 'Erro ao carregar formas de pagamento',
  },
  title: 'Formas de Pagamento',
  newLabel: 'Nova Forma',
  wide: true,
  empty: 'Nenhuma forma de pagamento cadastrada',
  columns: [
    {
      header: 'Nome',
      className: 'font-medium',
      cell: (m) => (
        <span>
          <span className="mr-2" aria-hidden>
            {m.icon}
          </span>
          {m.name}
        </span>
      ),
    },
    {
      header: 'Descrição',
      className: 'text-muted-foreground max-md:whitespace-normal md:max-w-64 md:truncate',
      cell: (m) => m.description || '—',
    },
    { header: 'Troco', cell: (m) => (m.requiresChange ? 'Sim' : 'Não') },
    {
      header: 'Infinitepay',
      cell: (m) => (m.infinitepayEnabled ? <OnlineCell method={m} /> : 'Não'),
    },
  ],
  active: { label: (m) => `${m.name} ativa`, words: ['Ativa', 'Inativa'] },
  rowName: (m) => m.name,
  confirmDelete: { title: 'Tem certeza que deseja excluir esta forma de pagamento?' },
  form: {
    titles: ['Nova Forma de Pagamento', 'Editar Forma de Pagamento'],
    description: 'Aparece no checkout do cardápio e no PDV.',
    toForm: (m) => (m ? { ...m } : EMPTY),
    toBody: (f) => (f.name.trim() ? { body: f } : { errors: {} }),
    submitDisabled: (f) => f.name.trim() === '',
    Fields: MethodFields,
  },
};

/** "Criar Padrões", offered while the restaurant has no method at all. */
function DefaultsButton() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: METHODS.load });
  const defaults = useMutation({
    mutationFn: () => api.post('/api/admin/payment-methods/defaults'),
    onSuccess: () => {
      toast.success('Formas de pagamento padrão criadas!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastError(err, 'Erro ao criar formas de pagamento'),
  });
  if (!list.isSuccess || list.data.length > 0) return null;
  return (
    <Button variant="outline" onClick={() => defaults.mutate()} disabled={defaults.isPending}>
      <Sparkles aria-hidden /> Criar Padrões
    </Button>
  );
}

/**
 * Card/PIX through the provider are offered (configured, or the fallback list when none is active) but
 * cannot be paid: this server takes no online payments for the restaurant (the storefront leaves them
 * out), or the restaurant's checkout handle is missing (the storefront refuses them).
 */
function OnlinePaymentNotice() {
  const answer = useQuery({ queryKey: [...KEY, 'checkout'], queryFn: fetchMethods });
  if (!answer.isSuccess) return null;
  const { paymentMethods: list, onlinePayments, checkoutConfigured } = answer.data;
  const offersOnline = list.some((m) => m.active && m.infinitepayEnabled) || !list.some((m) => m.active);
  if (!offersOnline || (onlinePayments && checkoutConfigured)) return null;
  const [title, text] = onlinePayments
    ? [MSG.checkoutNotConfigured, MSG.checkoutNotConfiguredStaff]
    : [MSG.onlinePaymentsOff, MSG.onlinePaymentsOffStaff];
  return (
    <div role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <p className="font-semibold">{title}</p>
      <p className="text-sm">{text}</p>
    </div>
  );
}

export default function PaymentMethodsPage() {
  return (
    <EntityList spec={METHODS} actions={<DefaultsButton />}>
      <OnlinePaymentNotice />
    </EntityList>
  );
}
