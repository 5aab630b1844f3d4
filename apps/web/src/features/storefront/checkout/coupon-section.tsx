import { MSG } from '@meucardapio/domain/messages';
import { Ticket, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { validateCoupon } from './checkout-api';
import { Section } from './checkout-ui';
import type { Checkout } from './use-checkout-form';

/** 'Cupom de desconto': the server checks the code against this subtotal and answers the discount. */
export function CouponSection({ checkout: c }: { checkout: Checkout }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function apply() {
    const wanted = code.trim();
    if (!wanted) return;
    setBusy(true);
    try {
      const res = await validateCoupon(c.slug, wanted, c.totals.subtotal);
      c.setCoupon({ code: res.code, discount: res.discount });
      toast.success('Cupom aplicado!', { description: `Desconto de ${formatMoney(res.discount)}` });
    } catch (err) {
      c.setCoupon(null);
      toastError(err, MSG.invalidCoupon);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Cupom de desconto">
      {c.coupon ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-success/40 bg-success/10 p-3">
          <span className="flex items-center gap-2 text-sm font-medium">
            <Ticket className="size-4" aria-hidden /> {c.coupon.code} · −{formatMoney(c.totals.discount)}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Remover cupom"
            onClick={() => c.setCoupon(null)}
          >
            <X aria-hidden />
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Input
            aria-label="Código do cupom"
            placeholder="Código do cupom"
            autoCapitalize="characters"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void apply();
              }
            }}
          />
          <Button type="button" variant="outline" loading={busy} onClick={apply} disabled={!code.trim()}>
            Aplicar
          </Button>
        </div>
      )}
    </Section>
  );
}
