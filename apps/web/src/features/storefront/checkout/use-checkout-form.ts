import { zodResolver } from '@hookform/resolvers/zod';
import { hasLocalItems, linesOverStock, requiresDelivery } from '@meucardapio/domain/cart';
import { type CheckoutFormValues, checkoutFormSchema } from '@meucardapio/domain/checkout';
import { normalizeText } from '@meucardapio/domain/delivery';
import { MSG } from '@meucardapio/domain/messages';
import { formatPhone, onlyDigits } from '@meucardapio/domain/phone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AddressValue, toAddressValue } from '@/components/address-fields';
import type { CustomerMe } from '@/lib/auth';
import { useCart } from '../cart/cart-context';
import { publicMenuQuery } from '../menu-query';
import { useStorefront } from '../storefront-context';
import { checkoutKeys, fetchAddresses, fetchCheckoutOptions, fetchCities, quoteShipping } from './checkout-api';
import { type AppliedCoupon, useCheckoutTotals } from './use-checkout-totals';
import { useSubmitOrder } from './use-submit-order';

/** The neighbourhood list's "Outro bairro…" entry. */
export const OTHER_NEIGHBORHOOD = '__other__';

const ADDRESS_KEYS = ['cep', 'state', 'city', 'neighborhood', 'address', 'number', 'complement'] as const;

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * The signed-in customer's name, phone and profile address (none for a test order from the preview);
 * a table link starts as 'dine_in'.
 */
function initialValues(user: CustomerMe | null, tableNumber: number | null): CheckoutFormValues {
  const profile = toAddressValue(Object.fromEntries(ADDRESS_KEYS.map((k) => [k, str(user?.customer?.[k])])));
  return {
    name: user?.name ?? '',
    phone: formatPhone(user?.phone ?? str(user?.customer?.phone)),
    deliveryType: tableNumber ? 'dine_in' : 'delivery',
    ...profile,
    state: profile.state || 'SP',
    paymentMethodId: '',
    cashInput: '',
    installments: 1,
    shippingOptionId: '',
    note: '',
    cpf: '',
  };
}

/** Everything the checkout's sections read and change: the form, what it loads, and the figures. */
export function useCheckoutForm({ open, user }: { open: boolean; user: CustomerMe | null }) {
  const { restaurant, tableNumber, preview } = useStorefront();
  const cart = useCart();
  const queryClient = useQueryClient();
  const slug = restaurant.slug;
  const shipped = requiresDelivery(cart.items);
  // Items the restaurant delivers itself; next to shipped ones they still pay the neighbourhood fee.
  const local = hasLocalItems(cart.items);

  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: initialValues(user, tableNumber),
  });
  const values = form.watch();
  const address: AddressValue = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, values[k]])) as AddressValue;
  const setAddress = (patch: Partial<AddressValue>) => {
    for (const key of ADDRESS_KEYS) if (key in patch) form.setValue(key, patch[key] ?? '');
  };
  const deliveryType = shipped ? 'delivery' : values.deliveryType;
  const delivering = deliveryType === 'delivery';

  const menu = useQuery({ ...publicMenuQuery(slug), enabled: false });
  // Judged on the menu's latest stock: the cart's copy of it catches up one render later.
  const overStock = useMemo(() => {
    const stock = new Map(menu.data?.products.map((p) => [p.id, p]));
    return linesOverStock(
      cart.items.map((i) => {
        const p = i.productId ? stock.get(i.productId) : undefined;
        return p ? { ...i, estoque: p.estoque, controleEstoque: p.controleEstoque } : i;
      }),
    );
  }, [cart.items, menu.data]);
  // A lost stock race: shown on the checkout until the cart fits the refreshed stock.
  const [stockError, setStockError] = useState<{ description: string; at: number } | null>(null);
  useEffect(() => {
    if (stockError && overStock.size === 0 && !menu.isFetching && menu.dataUpdatedAt > stockError.at)
      setStockError(null);
  }, [stockError, overStock.size, menu.isFetching, menu.dataUpdatedAt]);

  const options = useQuery({
    queryKey: checkoutKeys.options(slug, tableNumber),
    queryFn: () => fetchCheckoutOptions(slug, tableNumber),
    enabled: open,
    // Asked again every time the checkout opens: the restaurant may have closed since the menu loaded.
    staleTime: 0,
  });
  const addresses = useQuery({ queryKey: checkoutKeys.addresses, queryFn: fetchAddresses, enabled: open && !!user });
  const cities = useQuery({
    queryKey: checkoutKeys.cities(address.state),
    queryFn: () => fetchCities(address.state),
    enabled: !!address.state,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const neighborhoods = options.data?.neighborhoods ?? [];
  const knownHood = neighborhoods.find((n) => normalizeText(n.name) === normalizeText(address.neighborhood));
  const [hoodChoice, setHoodChoice] = useState<string>('');
  useEffect(() => {
    // Once the neighbourhoods arrive, pick the profile's one, or "Outro" with what was typed.
    if (!options.data || hoodChoice) return;
    if (knownHood) setHoodChoice(knownHood.name);
    else if (address.neighborhood) setHoodChoice(OTHER_NEIGHBORHOOD);
  }, [options.data, knownHood, address.neighborhood, hoodChoice]);

  const methods = options.data?.paymentMethods ?? [];
  // The server's answer, by the restaurant's clock and timezone (not this device's).
  const closedText =
    !preview && options.data && !options.data.openNow ? (options.data.closedDescription ?? MSG.closedNow) : null;
  const onlineUnavailable = options.data ? !options.data.hasCheckoutReferrer : false;
  useEffect(() => {
    // The menu behind still shows the hours it loaded with: fresh ones turn its badge to 'Fechado'.
    if (closedText) void queryClient.invalidateQueries({ queryKey: publicMenuQuery(slug).queryKey });
  }, [closedText, queryClient, slug]);
  // At a table whose account is open the order goes on the tab: no method is asked (the server agrees).
  const onTab = deliveryType === 'dine_in' && !preview && options.data?.tableTabOpen === true;
  const method = onTab ? undefined : methods.find((m) => m.id === values.paymentMethodId);

  // Shipping quote for shipped products, once the CEP is complete.
  const cepDigits = onlyDigits(address.cep);
  const quoteItems = useMemo(
    () => cart.items.filter((i) => i.productId).map((i) => ({ productId: i.productId!, quantity: i.quantity })),
    [cart.items],
  );
  const quote = useQuery({
    queryKey: ['checkout', 'shipping', slug, cepDigits, quoteItems],
    queryFn: () => quoteShipping(slug, cepDigits, quoteItems),
    enabled: open && shipped && cepDigits.length === 8,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const shippingOption = quote.data?.options.find((o) => o.id === values.shippingOptionId) ?? null;

  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const totals = useCheckoutTotals({
    subtotal: cart.total,
    delivering,
    local,
    shipped,
    options: options.data,
    area: address,
    shippingOption,
    coupon,
    method,
    cashInput: values.cashInput,
  });
  const installments = values.installments;
  useEffect(() => {
    if (installments > Math.max(1, totals.installmentChoices.length)) form.setValue('installments', 1);
  }, [totals.installmentChoices.length, installments, form]);

  function applySavedAddress(id: string) {
    const saved = addresses.data?.find((x) => x.id === id);
    if (!saved) return;
    const next = toAddressValue(saved);
    setAddress({ ...next, state: next.state || address.state });
    const hood = neighborhoods.find((n) => normalizeText(n.name) === normalizeText(saved.neighborhood));
    setHoodChoice(hood ? hood.name : OTHER_NEIGHBORHOOD);
    form.clearErrors();
  }

  function chooseNeighborhood(choice: string) {
    setHoodChoice(choice);
    setAddress({ neighborhood: choice === OTHER_NEIGHBORHOOD ? '' : choice });
  }

  function choosePaymentMethod(id: string) {
    form.setValue('paymentMethodId', id);
    form.clearErrors(['paymentMethodId', 'cashInput']);
  }

  const state = {
    slug,
    restaurant,
    tableNumber,
    preview,
    cart,
    form,
    values,
    address,
    setAddress,
    deliveryType,
    delivering,
    shipped,
    local,
    options,
    addresses,
    cities,
    neighborhoods,
    hoodChoice,
    chooseNeighborhood,
    applySavedAddress,
    methods,
    method,
    onTab,
    choosePaymentMethod,
    onlineUnavailable,
    closedText,
    cepDigits,
    quote,
    shippingOption,
    coupon,
    setCoupon,
    totals,
    installments,
    overStock,
    stockError,
    setStockError,
  };
  const submission = useSubmitOrder({ ...state, hasSavedAddress: (addresses.data?.length ?? 0) > 0 });
  return { ...state, ...submission };
}

export type Checkout = ReturnType<typeof useCheckoutForm>;
