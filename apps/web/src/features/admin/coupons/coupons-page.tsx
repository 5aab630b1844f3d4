import type { CouponView } from '@meucardapio/domain/coupon-admin';
import {
  COUPON_TYPE_LABELS,
  type CouponType,
  couponDefaults,
  couponUsesLabel,
  generateCouponCode,
  normalizeCouponCode,
} from '@meucardapio/domain/coupons';
import { centsText, parseBRLInput } from '@meucardapio/domain/money';
import { Wand2 } from 'lucide-react';
import type { FieldErrors, FieldsProps } from '@/components/crud/entity-dialog';
import { EntityList, type EntityListSpec } from '@/components/crud/entity-list';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/api';
import { formatMoney } from '@/lib/format';

type Coupon = CouponView;

const valueText = (c: Pick<Coupon, 'type' | 'value'>) => (c.type === 'percent' ? `${c.value}%` : formatMoney(c.value));

type Form = {
  code: string;
  type: CouponType;
  value: string;
  minTotal: string;
  usageLimit: string;
  usesPerCustomer: string;
  validFrom: string;
  validTo: string;
  active: boolean;
};

function toForm(c: Coupon | null): Form {
  const d = couponDefaults();
  const src = c ?? { ...d, id: '', usesCount: 0 };
  return {
    code: src.code,
    type: src.type,
    value: src.type === 'percent' ? String(src.value) : centsText(src.value),
    minTotal: centsText(src.minTotal),
    usageLimit: src.usageLimit === null ? '' : String(src.usageLimit),
    usesPerCustomer: String(src.usesPerCustomer),
    validFrom: src.validFrom,
    validTo: src.validTo ?? '',
    active: src.active,
  };
}

function typedValue(form: Form): number | null {
  if (form.type === 'percent') {
    const n = Number(form.value.replace(',', '.'));
    return Number.isFinite(n) && n >= 0 && n <= 100 ? Math.round(n) : null;
  }
  return parseBRLInput(form.value);
}

function toBody(form: Form) {
  const errors: FieldErrors<Form> = {};
  const code = normalizeCouponCode(form.code);
  if (!code) errors.code = 'Informe o código do cupom';
  const value = typedValue(form);
  if (value === null) errors.value = form.type === 'percent' ? 'Use um percentual de 0 a 100' : 'Valor inválido';
  const minTotal = form.minTotal.trim() === '' ? 0 : parseBRLInput(form.minTotal);
  if (minTotal === null) errors.minTotal = 'Valor inválido';
  const usageLimit = form.usageLimit.trim() === '' ? null : Number(form.usageLimit);
  if (usageLimit !== null && (!Number.isInteger(usageLimit) || usageLimit < 1))
    errors.usageLimit = 'Use um número inteiro (ou deixe vazio)';
  const usesPerCustomer = Number(form.usesPerCustomer || '1');
  if (!Number.isInteger(usesPerCustomer) || usesPerCustomer < 0) errors.usesPerCustomer = 'Use um número inteiro';
  if (form.validTo && form.validFrom && form.validTo < form.validFrom)
    errors.validTo = 'A data final deve ser depois da inicial';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      code,
      type: form.type,
      value,
      minTotal,
      usageLimit,
      usesPerCustomer,
      active: form.active,
      validFrom: form.validFrom || null,
      validTo: form.validTo || null,
    },
  };
}

function CouponFields({ form, set, errors }: FieldsProps<Coupon, Form>) {
  function generate() {
    const n = form.type === 'percent' ? Number(form.value.replace(',', '.')) : (parseBRLInput(form.value) ?? 0) / 100;
    set('code', generateCouponCode(form.type, Number.isFinite(n) ? n : 0));
  }
  return (
    <>
      <FormField label="Código" htmlFor="coupon-code" error={errors.code}>
        <div className="flex gap-2">
          <Input
            id="coupon-code"
            value={form.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            aria-invalid={!!errors.code}
            className="font-mono uppercase"
            maxLength={40}
          />
          <Button type="button" variant="outline" onClick={generate}>
            <Wand2 aria-hidden /> Gerar
          </Button>
        </div>
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Tipo" htmlFor="coupon-type">
          <Select value={form.type} onValueChange={(v) => set('type', v as CouponType)}>
            <SelectTrigger id="coupon-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="percent">{COUPON_TYPE_LABELS.percent}</SelectItem>
              <SelectItem value="fixed">{COUPON_TYPE_LABELS.fixed}</SelectItem>
            </SelectContent>
          </Select>
        </FormField>
        <FormField
          label={form.type === 'percent' ? 'Valor (%)' : 'Valor (R$)'}
          htmlFor="coupon-value"
          error={errors.value}
        >
          <Input
            id="coupon-value"
            inputMode="decimal"
            type={form.type === 'percent' ? 'number' : 'text'}
            step={form.type === 'percent' ? 1 : 0.01}
            min={0}
            value={form.value}
            onChange={(e) => set('value', e.target.value)}
            aria-invalid={!!errors.value}
          />
        </FormField>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Pedido mínimo (R$)" htmlFor="coupon-min" error={errors.minTotal}>
          <Input
            id="coupon-min"
            inputMode="decimal"
            value={form.minTotal}
            onChange={(e) => set('minTotal', e.target.value)}
          />
        </FormField>
        <FormField label="Usos por cliente" htmlFor="coupon-per-customer" error={errors.usesPerCustomer}>
          <Input
            id="coupon-per-customer"
            type="number"
            min={0}
            step={1}
            value={form.usesPerCustomer}
            onChange={(e) => set('usesPerCustomer', e.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Limite total de usos" htmlFor="coupon-limit" error={errors.usageLimit} hint="Vazio = ilimitado">
        <Input
          id="coupon-limit"
          type="number"
          min={1}
          step={1}
          value={form.usageLimit}
          onChange={(e) => set('usageLimit', e.target.value)}
          placeholder="Ilimitado"
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Válido a partir de" htmlFor="coupon-from">
          <Input
            id="coupon-from"
            type="date"
            value={form.validFrom}
            onChange={(e) => set('validFrom', e.target.value)}
          />
        </FormField>
        <FormField label="Válido até" htmlFor="coupon-to" error={errors.validTo} hint="Vazio = sem data final">
          <Input id="coupon-to" type="date" value={form.validTo} onChange={(e) => set('validTo', e.target.value)} />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Switch id="coupon-active" checked={form.active} onCheckedChange={(v) => set('active', v)} />
        <Label htmlFor="coupon-active">Ativo</Label>
      </div>
    </>
  );
}

const dateText = (iso: string) => iso.split('-').reverse().join('/');

const COUPONS: EntityListSpec<Coupon, Form> = {
  endpoint: '/api/admin/coupons',
  queryKey: ['admin-coupons'],
  load: () => api.get<{ coupons: Coupon[] }>('/api/admin/coupons').then((r) => r.coupons),
  messages: {
    created: 'Cupom criado!',
    updated: 'Cupom atualizado!',
    deleted: 'Cupom excluído!',
    createFailed: 'Erro ao criar cupom',
    updateFailed: 'Erro ao atualizar cupom',
    deleteFailed: 'Erro ao excluir cupom',
    loadFailed: 'Erro ao carregar cupons',
  },
  title: 'Cupons de Desconto',
  newLabel: 'Novo Cupom',
  wide: true,
  empty: 'Nenhum cupom cadastrado',
  columns: [
    { header: 'Código', className: 'font-mono font-semibold', cell: (c) => c.code },
    { header: 'Tipo', cell: (c) => COUPON_TYPE_LABELS[c.type] },
    {
      header: 'Valor',
      cell: (c) => (
        <span>
          {valueText(c)}
          {c.minTotal > 0 && (
            <span className="ml-1 text-xs text-muted-foreground">(mín. {formatMoney(c.minTotal)})</span>
          )}
        </span>
      ),
    },
    { header: 'Usos', className: 'tabular-nums', cell: (c) => couponUsesLabel(c.usesCount, c.usageLimit) },
    {
      header: 'Validade',
      className: 'text-sm',
      cell: (c) => `${dateText(c.validFrom)}${c.validTo ? ` até ${dateText(c.validTo)}` : ' · sem fim'}`,
    },
  ],
  active: { label: (c) => `Cupom ${c.code} ativo` },
  rowName: (c) => `cupom ${c.code}`,
  confirmDelete: {
    title: 'Tem certeza que deseja excluir este cupom?',
    description: (c) => `O cupom ${c.code} deixará de valer.`,
  },
  form: {
    titles: ['Novo Cupom', 'Editar Cupom'],
    description: 'O código é salvo em letras maiúsculas.',
    toForm,
    toBody,
    Fields: CouponFields,
  },
};

export default function CouponsPage() {
  return <EntityList spec={COUPONS} />;
}
