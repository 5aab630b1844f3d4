import {
  COUPON_TYPE_LABELS,
  type CouponType,
  couponDefaults,
  couponUsesLabel,
  generateCouponCode,
  normalizeCouponCode,
} from '@meucardapio/domain/coupons';
import { MSG } from '@meucardapio/domain/messages';
import { parseBRLInput } from '@meucardapio/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, Wand2 } from 'lucide-react';
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
import { api, toastError } from '@/lib/api';
import { formatMoney } from '@/lib/format';

type Coupon = {
  id: string;
  code: string;
  type: CouponType;
  value: number;
  minTotal: number;
  usageLimit: number | null;
  usesPerCustomer: number;
  usesCount: number;
  active: boolean;
  validFrom: string;
  validTo: string | null;
};

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
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(toForm(null));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [lastOpen, setLastOpen] = useState(false);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setForm(toForm(editing));
      setErrors({});
    }
  }
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const save = useMutation({
    mutationFn: (body: object) =>
      editing ? api.put(`/api/admin/coupons/${editing.id}`, body) : api.post('/api/admin/coupons', body),
    onSuccess: () => {
      toast.success(editing ? 'Cupom atualizado!' : 'Cupom criado!');
      queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (err) => toastError(err, editing ? 'Erro ao atualizar cupom' : 'Erro ao criar cupom'),
  });

  function typedValue(): number | null {
    if (form.type === 'percent') {
      const n = Number(form.value.replace(',', '.'));
      return Number.isFinite(n) && n >= 0 && n <= 100 ? Math.round(n) : null;
    }
    return parseBRLInput(form.value);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
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
    <Dialog open={open} onOpenChange={(v) => !v && !save.isPending && onClose()}>
      <DialogContent variant="sheet">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Editar Cupom' : 'Novo Cupom'}</DialogTitle>
            <DialogDescription>O código é salvo em letras maiúsculas.</DialogDescription>
          </DialogHeader>
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
          <FormField
            label="Limite total de usos"
            htmlFor="coupon-limit"
            error={errors.usageLimit}
            hint="Vazio = ilimitado"
          >
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function CouponsPage() {
  const queryClient = useQueryClient();
  const coupons = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ coupons: Coupon[] }>('/api/admin/coupons').then((r) => r.coupons),
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Coupon | null }>({ open: false, editing: null });
  const toggle = useMutation({
    mutationFn: (c: Coupon) => api.patch(`/api/admin/coupons/${c.id}/active`, { active: !c.active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    onError: (err) => toastError(err, 'Erro ao atualizar cupom'),
  });
  const remove = useMutation({
    mutationFn: (c: Coupon) => api.delete(`/api/admin/coupons/${c.id}`),
    onSuccess: () => {
      toast.success('Cupom excluído!');
      queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toastError(err, 'Erro ao excluir cupom'),
  });
  const list = coupons.data ?? [];
  return (
    <div>
      <PageHeader
        title="Cupons de Desconto"
        actions={
          <Button onClick={() => setDialog({ open: true, editing: null })}>
            <Plus aria-hidden /> Novo Cupom
          </Button>
        }
      />
      {coupons.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar cupons</p>
          <p className="text-sm text-muted-foreground">{MSG.reloadAndRetry}</p>
        </div>
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
              <TableRow>
                <TableCell colSpan={7}>
                  <Skeleton className="h-24 w-full" />
                </TableCell>
              </TableRow>
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
                  <TableCell className="text-right">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Editar cupom ${c.code}`}
                        onClick={() => setDialog({ open: true, editing: c })}
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <ConfirmDialog
                        title="Tem certeza que deseja excluir este cupom?"
                        description={`O cupom ${c.code} deixará de valer.`}
                        onConfirm={() => remove.mutateAsync(c)}
                        trigger={
                          <Button variant="ghost" size="icon" aria-label={`Excluir cupom ${c.code}`}>
                            <Trash2 aria-hidden className="text-destructive" />
                          </Button>
                        }
                      />
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
      <CouponDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </div>
  );
}
