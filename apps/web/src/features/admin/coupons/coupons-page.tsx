import type { CouponView } from '@meucardapio/domain/coupon-admin';
import {
  COUPON_TYPE_LABELS,
  type CouponType,
  couponDefaults,
  couponUsesLabel,
  generateCouponCode,
  normalizeCouponCode,
} from '@meucardapio/domain/coupons';
import { parseBRLInput } from '@meucardapio/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Plus, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { EntityFormDialog, useEntityDialog, useResetOnOpen } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useDeleteEntity, useSaveEntity, useToggleActive } from '../shared/entity-mutations';
import { LoadErrorPanel, TableSkeletonRows } from '../shared/list-states';
import { RowActionsCell } from '../shared/row-actions';

type Coupon = CouponView;

const KEY = ['admin-coupons'] as const;
const centsText = (c: number) => (c / 100).toFixed(2).replace('.', ',');
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

function CouponDialog({ open, editing, onClose }: { open: boolean; editing: Coupon | null; onClose: () => void }) {
  const [form, setForm] = useState<Form>(toForm(null));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  useResetOnOpen(open, () => {
    setForm(toForm(editing));
    setErrors({});
  });
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const save = useSaveEntity<object>({
    endpoint: '/api/admin/coupons',
    id: editing?.id,
    invalidate: [KEY],
    messages: {
      created: 'Cupom criado!',
      updated: 'Cupom atualizado!',
      createFailed: 'Erro ao criar cupom',
      updateFailed: 'Erro ao atualizar cupom',
    },
    onSaved: onClose,
  });

  function typedValue(): number | null {
    if (form.type === 'percent') {
      const n = Number(form.value.replace(',', '.'));
      return Number.isFinite(n) && n >= 0 && n <= 100 ? Math.round(n) : null;
    }
    return parseBRLInput(form.value);
  }

  function submit() {
    const errs: typeof errors = {};
    const code = normalizeCouponCode(form.code);
    if (!code) errs.code = 'Informe o código do cupom';
    const value = typedValue();
    if (value === null) errs.value = form.type === 'percent' ? 'Use um percentual de 0 a 100' : 'Valor inválido';
    const minTotal = form.minTotal.trim() === '' ? 0 : parseBRLInput(form.minTotal);
    if (minTotal === null) errs.minTotal = 'Valor inválido';
    const usageLimit = form.usageLimit.trim() === '' ? null : Number(form.usageLimit);
    if (usageLimit !== null && (!Number.isInteger(usageLimit) || usageLimit < 1))
      errs.usageLimit = 'Use um número inteiro (ou deixe vazio)';
    const usesPerCustomer = Number(form.usesPerCustomer || '1');
    if (!Number.isInteger(usesPerCustomer) || usesPerCustomer < 0) errs.usesPerCustomer = 'Use um número inteiro';
    if (form.validTo && form.validFrom && form.validTo < form.validFrom)
      errs.validTo = 'A data final deve ser depois da inicial';
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    save.mutate({
      code,
      type: form.type,
      value,
      minTotal,
      usageLimit,
      usesPerCustomer,
      active: form.active,
      validFrom: form.validFrom || null,
      validTo: form.validTo || null,
    });
  }

  function generate() {
    const n = form.type === 'percent' ? Number(form.value.replace(',', '.')) : (parseBRLInput(form.value) ?? 0) / 100;
    set('code', generateCouponCode(form.type, Number.isFinite(n) ? n : 0));
  }

  return (
    <EntityFormDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={editing ? 'Editar Cupom' : 'Novo Cupom'}
      description="O código é salvo em letras maiúsculas."
      onSubmit={submit}
      pending={save.isPending}
      noValidate
    >
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
    </EntityFormDialog>
  );
}

export default function CouponsPage() {
  const coupons = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ coupons: Coupon[] }>('/api/admin/coupons').then((r) => r.coupons),
  });
  const dialog = useEntityDialog<Coupon>();
  const toggle = useToggleActive<Coupon>({
    endpoint: '/api/admin/coupons',
    invalidate: [KEY],
    messages: { failed: 'Erro ao atualizar cupom' },
  });
  const remove = useDeleteEntity<Coupon>({
    endpoint: '/api/admin/coupons',
    invalidate: [KEY],
    messages: { deleted: 'Cupom excluído!', failed: 'Erro ao excluir cupom' },
  });
  const list = coupons.data ?? [];
  return (
    <div>
      <PageHeader
        title="Cupons de Desconto"
        actions={
          <Button onClick={dialog.create}>
            <Plus aria-hidden /> Novo Cupom
          </Button>
        }
      />
      {coupons.isError ? (
        <LoadErrorPanel title="Erro ao carregar cupons" />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Código</TableHead>
              <TableHead>Tipo</TableHead>
              <TableHead>Valor</TableHead>
              <TableHead>Usos</TableHead>
              <TableHead>Validade</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {coupons.isPending ? (
              <TableSkeletonRows colSpan={7} className="h-24" />
            ) : list.length === 0 ? (
              <TableEmpty colSpan={7}>Nenhum cupom cadastrado</TableEmpty>
            ) : (
              list.map((c) => (
                <TableRow key={c.id}>
                  <TableCell label="Código" className="font-mono font-semibold">
                    {c.code}
                  </TableCell>
                  <TableCell label="Tipo">{COUPON_TYPE_LABELS[c.type]}</TableCell>
                  <TableCell label="Valor">
                    {valueText(c)}
                    {c.minTotal > 0 && (
                      <span className="ml-1 text-xs text-muted-foreground">(mín. {formatMoney(c.minTotal)})</span>
                    )}
                  </TableCell>
                  <TableCell label="Usos" className="tabular-nums">
                    {couponUsesLabel(c.usesCount, c.usageLimit)}
                  </TableCell>
                  <TableCell label="Validade" className="text-sm">
                    {c.validFrom.split('-').reverse().join('/')}
                    {c.validTo ? ` até ${c.validTo.split('-').reverse().join('/')}` : ' · sem fim'}
                  </TableCell>
                  <TableCell label="Status">
                    <div className="flex items-center gap-2">
                      <Switch
                        checked={c.active}
                        onCheckedChange={() => toggle.mutate(c)}
                        aria-label={`Cupom ${c.code} ativo`}
                      />
                      <Badge variant={c.active ? 'success' : 'secondary'}>{c.active ? 'Ativo' : 'Inativo'}</Badge>
                    </div>
                  </TableCell>
                  <RowActionsCell
                    editLabel={`Editar cupom ${c.code}`}
                    onEdit={() => dialog.edit(c)}
                    deleteLabel={`Excluir cupom ${c.code}`}
                    confirmTitle="Tem certeza que deseja excluir este cupom?"
                    confirmDescription={`O cupom ${c.code} deixará de valer.`}
                    onDelete={() => remove.mutateAsync(c)}
                  />
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <CouponDialog open={dialog.open} editing={dialog.editing} onClose={dialog.close} />
    </div>
  );
}
