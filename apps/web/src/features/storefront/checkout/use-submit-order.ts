import type { CheckoutFormValues, CheckoutPaymentMethod, ShippingOption } from '@meucardapio/domain/checkout';
import { missingDeliveryFields, missingDeliveryFieldText } from '@meucardapio/domain/delivery';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { MSG } from '@meucardapio/domain/messages';
import { orderLabel } from '@meucardapio/domain/order-display';
import type { CustomerOrderView } from '@meucardapio/domain/order-views';
import { cashChange } from '@meucardapio/domain/payment';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { AddressValue } from '@/components/address-fields';
import { errorText, isApiError, toastError } from '@/lib/api';
import type { CartContextValue } from '../cart/cart-context';
import { proposedLines } from '../menu-logic';
import { publicMenuQuery } from '../menu-query';
import { checkoutKeys, createOrder, createTestOrder, newIdempotencyKey } from './checkout-api';
import type { AppliedCoupon, CheckoutTotals } from './use-checkout-totals';

type Problem = { field: FieldPath<CheckoutFormValues>; message: string };

/** What the order needs from the checkout's state. */
export type OrderDraft = {
  slug: string;
  tableNumber: number | null;
  cart: CartContextValue;
  form: UseFormReturn<CheckoutFormValues>;
  values: CheckoutFormValues;
  address: AddressValue;
  deliveryType: CheckoutFormValues['deliveryType'];
  shipped: boolean;
  local: boolean;
  hasSavedAddress: boolean;
  method: CheckoutPaymentMethod | undefined;
  /** The table's account is open: the order goes on its tab, without a payment method. */
  onTab: boolean;
  shippingOption: ShippingOption | null;
  coupon: AppliedCoupon | null;
  totals: CheckoutTotals;
  closedText: string | null;
  /** The menu preview: a test order placed by staff. */
  preview: boolean;
  setStockError: (error: { description: string; at: number }) => void;
};

/**
 * The checks the form's schema cannot make (they read the cart, the restaurant's areas and the
 * chosen method), with the spec's texts; the first one found is toasted. The server checks all again.
 */
function firstProblem(d: OrderDraft): Problem | null {
  const buyer = checkBuyerDocument(d.values.cpf);
  if (!buyer.ok) {
    toast.error(buyer.message);
    return { field: 'cpf', message: buyer.message };
  }
  if (d.deliveryType === 'delivery') {
    const missing = missingDeliveryFields(d.address, { shipped: d.shipped, hasSavedAddress: d.hasSavedAddress });
    if (missing.length > 0) {
      toast.error(MSG.addressError, { description: missingDeliveryFieldText(missing[0], d.shipped) });
      return { field: missing[0], message: missingDeliveryFieldText(missing[0], d.shipped) };
    }
    const area = d.totals.charge;
    if (area && !area.ok) {
      const field =
        area.code === 'state_not_served' ? 'state' : area.code === 'city_not_served' ? 'city' : 'neighborhood';
      toast.error(area.title, { description: area.description });
      return { field, message: area.description ?? '' };
    }
    if (d.shipped && !d.shippingOption) {
      toast.error('Selecione uma opção de frete', { description: 'Escolha como deseja receber os produtos.' });
      return { field: 'shippingOptionId', message: 'Escolha uma opção de frete.' };
    }
  }
  if (!d.method && !d.onTab) {
    toast.error(MSG.selectPaymentMethod);
    return { field: 'paymentMethodId', message: MSG.selectPaymentMethod };
  }
  if (d.method?.requiresChange) {
    const c = cashChange(d.totals.total, d.totals.cashReceived);
    if (!c.ok) {
      toast.error(c.title, { description: c.description });
      return { field: 'cashInput', message: c.description ?? '' };
    }
  }
  return null;
}

/** Sends the order once (one idempotency key per attempt) and follows the answer. */
export function useSubmitOrder(d: OrderDraft) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [placed, setPlaced] = useState<Pick<CustomerOrderView, 'number' | 'total' | 'pix'> | null>(null);
  // One key per checkout attempt: a double tap or a retry after a timeout returns the same order.
  const attemptKey = useRef(newIdempotencyKey());

  async function place(v: CheckoutFormValues) {
    const problem = firstProblem(d);
    if (problem) {
      d.form.setError(problem.field, { message: problem.message });
      return;
    }
    if (d.closedText) {
      toast.error(MSG.restaurantClosed, { description: d.closedText });
      return;
    }
    const { cart, method, slug } = d;
    if (!method && !d.onTab) return;
    setSubmitting(true);
    try {
      const isDelivery = d.deliveryType === 'delivery';
      const { complement, ...address } = d.address;
      const res = await (d.preview ? createTestOrder : createOrder)(
        {
          restaurantSlug: slug,
          items: proposedLines(cart.items),
          deliveryType: d.deliveryType,
          tableNumber: d.deliveryType === 'dine_in' ? d.tableNumber : null,
          name: v.name.trim(),
          phone: v.phone.trim(),
          ...(isDelivery ? { ...address, complement } : {}),
          couponCode: d.coupon?.code ?? null,
          paymentMethod: method?.id ?? null,
          cashReceived: method?.requiresChange ? d.totals.cashReceived : null,
          installments: method?.online ? v.installments : null,
          shippingOptionId: d.shipped ? v.shippingOptionId : null,
          note: v.note.trim() || null,
          customerCpf: v.cpf.trim() || null,
          clientTotal: d.totals.total,
        },
        attemptKey.current,
      );
      cart.clear();
      attemptKey.current = newIdempotencyKey();
      if (d.preview) {
        toast.success('Pedido de teste enviado!', { description: `${orderLabel(res.order.number)} chegou ao painel.` });
        navigate('/admin/orders');
        return;
      }
      if (res.checkoutUrl) {
        toast.success('Pedido criado!', { description: 'Redirecionando para o pagamento...' });
        window.location.assign(res.checkoutUrl);
        return;
      }
      setPlaced({ number: res.order.number, total: res.order.total, pix: res.order.pix });
      toast.success('Pedido realizado com sucesso!', { description: orderLabel(res.order.number) });
      // A PIX QR Code order waits on this screen: the customer pays with the code shown here.
      if (!res.order.pix) window.setTimeout(() => navigate('/customer-dashboard'), 2000);
    } catch (err) {
      // Closed while the form was being filled: the notice at the top takes over.
      if (isApiError(err) && err.code === 'restaurant_closed')
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.options(slug, d.tableNumber) });
      if (isApiError(err) && err.code === 'insufficient_stock') {
        // Someone bought the last units first: fresh stock marks the lines that no longer fit.
        d.setStockError({ description: err.description, at: Date.now() });
        void queryClient.invalidateQueries({ queryKey: publicMenuQuery(slug).queryKey });
      }
      if (isApiError(err) && (err.code === 'cnpj_buyer' || err.code === 'invalid_cpf')) {
        d.form.setError('cpf', { message: errorText(err).description });
      }
      if (isApiError(err) && err.title === MSG.addressError) {
        d.form.setError('neighborhood', { message: errorText(err).description });
      }
      toastError(err, 'Erro ao processar pedido');
    } finally {
      setSubmitting(false);
    }
  }

  function submit(ev: FormEvent) {
    ev.preventDefault();
    if (submitting) return;
    if (d.cart.items.length === 0) {
      toast.error(MSG.emptyCart);
      return;
    }
    d.form.clearErrors();
    void d.form.handleSubmit(place, () =>
      toast.error(MSG.requiredFieldsShort, { description: 'Informe seu nome e telefone.' }),
    )(ev);
  }

  return { submit, submitting, placed, goToOrders: () => navigate('/customer-dashboard') };
}
