import { hasLocalItems, linesOverStock, requiresDelivery, stockLeftText } from '@meucardapio/domain/cart';
import {
  missingDeliveryFields,
  missingDeliveryFieldText,
  normalizeText,
  validateDeliveryArea,
} from '@meucardapio/domain/delivery';
import { installmentOptions } from '@meucardapio/domain/installments';
import { MSG } from '@meucardapio/domain/messages';
import { parseBRLInput } from '@meucardapio/domain/money';
import { ORDER_NOTE_MAX, orderLabel } from '@meucardapio/domain/order-display';
import { cashChange } from '@meucardapio/domain/payment';
import { formatCep, formatPhone, onlyDigits } from '@meucardapio/domain/phone';
import { orderTotal } from '@meucardapio/domain/pricing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bike, CheckCircle2, CreditCard, Store, Ticket, Truck, UtensilsCrossed, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorText, isApiError, toastError } from '@/lib/api';
import { type CustomerMe, isCustomer, useAuth } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCart } from '../cart/cart-context';
import { publicMenuQuery } from '../menu-query';
import { useStorefront } from '../storefront-context';
import {
  type CheckoutPaymentMethod,
  checkoutKeys,
  createOrder,
  fetchAddresses,
  fetchCheckoutOptions,
  fetchCities,
  fetchStates,
  newIdempotencyKey,
  quoteShipping,
  type SavedAddress,
  validateCoupon,
} from './checkout-api';
import { CustomerAuthDialog } from './customer-auth-dialog';
import { NativeSelect } from './native-select';

export type CheckoutDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Finalizar Pedido': asks for a login first, then the order form. */
export function CheckoutDialog({ open, onOpenChange }: CheckoutDialogProps) {
  const { restaurant } = useStorefront();
  const { user, status } = useAuth();
  const signedIn = isCustomer(user) && user.restaurant.id === restaurant.id;
  if (!open) return null;
  if (status === 'loading') return null;
  if (!signedIn) {
    return (
      <CustomerAuthDialog
        open={open}
        onOpenChange={onOpenChange}
        slug={restaurant.slug}
        restaurantName={restaurant.name}
        description="Entre ou cadastre-se para finalizar seu pedido."
        // Signed in: the checkout form takes over (this component re-renders with the user).
        onSignedIn={() => undefined}
      />
    );
  }
  return <CheckoutForm open={open} onOpenChange={onOpenChange} user={user} />;
}

export default CheckoutDialog;

type DeliveryType = 'delivery' | 'pickup' | 'dine_in';
const OTHER = '__other__';

type Errors = Partial<
  Record<
    | 'name'
    | 'phone'
    | 'address'
    | 'number'
    | 'cep'
    | 'state'
    | 'city'
    | 'neighborhood'
    | 'payment'
    | 'cash'
    | 'shipping',
    string
  >
>;

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function CheckoutForm({ open, onOpenChange, user }: CheckoutDialogProps & { user: CustomerMe }) {
  const { restaurant, tableNumber } = useStorefront();
  const cart = useCart();
  const navigate = useNavigate();
  const slug = restaurant.slug;
  const profile = user.customer ?? {};
  const shipped = requiresDelivery(cart.items);
  // Items the restaurant delivers itself; next to shipped ones they still pay the neighbourhood fee.
  const local = hasLocalItems(cart.items);
  const queryClient = useQueryClient();
  const menu = useQuery({ ...publicMenuQuery(restaurant.slug), enabled: false });
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

  const [name, setName] = useState(user.name ?? '');
  const [phone, setPhone] = useState(formatPhone(user.phone ?? str(profile.phone)));
  const [deliveryType, setDeliveryType] = useState<DeliveryType>(tableNumber ? 'dine_in' : 'delivery');
  const [addr, setAddr] = useState({
    cep: formatCep(str(profile.cep)),
    address: str(profile.address),
    number: str(profile.number),
    complement: str(profile.complement),
    state: str(profile.state).toUpperCase() || 'SP',
    city: str(profile.city),
    neighborhood: str(profile.neighborhood),
  });
  const [couponInput, setCouponInput] = useState('');
  const [coupon, setCoupon] = useState<{ code: string; discount: number } | null>(null);
  const [couponBusy, setCouponBusy] = useState(false);
  const [methodId, setMethodId] = useState<string>('');
  const [cashInput, setCashInput] = useState('');
  const [note, setNote] = useState('');
  const [installments, setInstallments] = useState(1);
  const [shippingId, setShippingId] = useState<string>('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [placed, setPlaced] = useState<{ number: number } | null>(null);
  // One key per checkout attempt: a double tap or a retry after a timeout returns the same order.
  const attemptKey = useRef(newIdempotencyKey());

  const effectiveType: DeliveryType = shipped ? 'delivery' : deliveryType;

  const options = useQuery({
    queryKey: checkoutKeys.options(slug),
    queryFn: () => fetchCheckoutOptions(slug),
    enabled: open,
    // Asked again every time the checkout opens: the restaurant may have closed since the menu loaded.
    staleTime: 0,
  });
  const addresses = useQuery({ queryKey: checkoutKeys.addresses, queryFn: fetchAddresses, enabled: open });
  const states = useQuery({ queryKey: checkoutKeys.states, queryFn: fetchStates, staleTime: Number.POSITIVE_INFINITY });
  const cities = useQuery({
    queryKey: checkoutKeys.cities(addr.state),
    queryFn: () => fetchCities(addr.state),
    enabled: !!addr.state,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const neighborhoods = options.data?.neighborhoods ?? [];
  const knownHood = neighborhoods.find((n) => normalizeText(n.name) === normalizeText(addr.neighborhood));
  const [hoodChoice, setHoodChoice] = useState<string>('');
  useEffect(() => {
    // Once the neighbourhoods arrive, pick the profile's one, or "Outro" with what was typed.
    if (!options.data || hoodChoice) return;
    if (knownHood) setHoodChoice(knownHood.name);
    else if (addr.neighborhood) setHoodChoice(OTHER);
  }, [options.data, knownHood, addr.neighborhood, hoodChoice]);

  const methods = options.data?.paymentMethods ?? [];
  // The server's answer, by the restaurant's clock and timezone (not this device's).
  const closedText = options.data && !options.data.openNow ? (options.data.closedDescription ?? MSG.closedNow) : null;
  const onlineUnavailable = options.data ? !options.data.hasCheckoutReferrer : false;
  useEffect(() => {
    // The menu behind still shows the hours it loaded with: fresh ones turn its badge to 'Fechado'.
    if (closedText) void queryClient.invalidateQueries({ queryKey: publicMenuQuery(slug).queryKey });
  }, [closedText, queryClient, slug]);
  const method: CheckoutPaymentMethod | undefined = methods.find((m) => m.id === methodId);

  // Shipping quote for shipped products, once the CEP is complete.
  const cepDigits = onlyDigits(addr.cep);
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
  const shippingOption = quote.data?.options.find((o) => o.id === shippingId) ?? null;

  // Delivery fee preview with the same rule the server applies.
  const area = useMemo(() => {
    if (effectiveType !== 'delivery' || !local || !options.data) return null;
    return validateDeliveryArea(
      { state: addr.state, city: addr.city, neighborhood: addr.neighborhood },
      { states: options.data.states.map((s) => ({ ...s, active: true })), neighborhoods },
    );
  }, [effectiveType, local, options.data, addr.state, addr.city, addr.neighborhood, neighborhoods]);

  const subtotal = cart.total;
  const freight = shipped ? (shippingOption?.price ?? 0) : 0;
  const localFee = local && area?.ok ? area.fee : 0;
  const deliveryFee = freight + localFee;
  const discount = Math.min(coupon?.discount ?? 0, subtotal);
  const total = orderTotal({ subtotal, deliveryFee, discount });
  const cashReceived = cashInput ? parseBRLInput(cashInput) : null;
  const change = method?.requiresChange && cashReceived !== null ? cashChange(total, cashReceived) : null;
  const installmentChoices =
    method?.online && method.maxInstallments > 1 ? installmentOptions(total, method.maxInstallments) : [];

  useEffect(() => {
    if (installments > Math.max(1, installmentChoices.length)) setInstallments(1);
  }, [installmentChoices.length, installments]);

  function applySavedAddress(id: string) {
    const a: SavedAddress | undefined = addresses.data?.find((x) => x.id === id);
    if (!a) return;
    setAddr({
      cep: formatCep(a.cep),
      address: a.address,
      number: a.number,
      complement: a.complement ?? '',
      state: a.state?.toUpperCase() || addr.state,
      city: a.city ?? '',
      neighborhood: a.neighborhood,
    });
    const hood = neighborhoods.find((n) => normalizeText(n.name) === normalizeText(a.neighborhood));
    setHoodChoice(hood ? hood.name : OTHER);
    setErrors({});
  }

  async function applyCoupon() {
    const code = couponInput.trim();
    if (!code) return;
    setCouponBusy(true);
    try {
      const res = await validateCoupon(slug, code, subtotal);
      setCoupon({ code: res.code, discount: res.discount });
      toast.success('Cupom aplicado!', { description: `Desconto de ${formatMoney(res.discount)}` });
    } catch (err) {
      setCoupon(null);
      toastError(err, MSG.invalidCoupon);
    } finally {
      setCouponBusy(false);
    }
  }

  /** Client-side checks with the spec's texts; the server checks everything again. */
  function validate(): Errors | null {
    const e: Errors = {};
    if (!name.trim()) e.name = 'Informe seu nome.';
    if (!phone.trim()) e.phone = 'Informe seu telefone.';
    if (e.name || e.phone) {
      toast.error(MSG.requiredFieldsShort, { description: 'Informe seu nome e telefone.' });
      return e;
    }
    if (effectiveType === 'delivery') {
      const missing = missingDeliveryFields(addr, { shipped, hasSavedAddress: (addresses.data?.length ?? 0) > 0 });
      for (const f of missing) e[f] = missingDeliveryFieldText(f, shipped);
      if (missing.length > 0) {
        toast.error(MSG.addressError, { description: missingDeliveryFieldText(missing[0], shipped) });
        return e;
      }
      if (local && area && !area.ok) {
        const field =
          area.code === 'state_not_served' ? 'state' : area.code === 'city_not_served' ? 'city' : 'neighborhood';
        e[field] = area.description;
        toast.error(area.title, { description: area.description });
        return e;
      }
      if (shipped && !shippingOption) {
        e.shipping = 'Escolha uma opção de frete.';
        toast.error('Selecione uma opção de frete', { description: 'Escolha como deseja receber os produtos.' });
        return e;
      }
    }
    if (!method) {
      e.payment = MSG.selectPaymentMethod;
      toast.error(MSG.selectPaymentMethod);
      return e;
    }
    if (method.requiresChange) {
      const c = cashChange(total, cashReceived);
      if (!c.ok) {
        e.cash = c.description;
        toast.error(c.title, { description: c.description });
        return e;
      }
    }
    return null;
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (submitting) return;
    if (cart.items.length === 0) {
      toast.error(MSG.emptyCart);
      return;
    }
    const problems = validate();
    setErrors(problems ?? {});
    if (problems) return;
    if (closedText) {
      toast.error(MSG.restaurantClosed, { description: closedText });
      return;
    }
    setSubmitting(true);
    try {
      const isDelivery = effectiveType === 'delivery';
      const res = await createOrder(
        {
          restaurantSlug: slug,
          items: cart.items
            .filter((i) => i.productId)
            .map((i) => ({
              productId: i.productId!,
              quantity: i.quantity,
              variationId: i.variation?.id ?? null,
              colorIds: i.colors.map((c) => c.id).filter((x): x is string => !!x),
              addonIds: i.addons.map((a) => a.id).filter((x): x is string => !!x),
              flavorIds: i.pizzaFlavors.map((f) => f.id).filter((x): x is string => !!x),
              notes: i.notes ?? null,
            })),
          deliveryType: effectiveType,
          tableNumber: effectiveType === 'dine_in' ? tableNumber : null,
          name: name.trim(),
          phone: phone.trim(),
          ...(isDelivery
            ? {
                cep: addr.cep,
                address: addr.address,
                number: addr.number,
                complement: addr.complement,
                neighborhood: addr.neighborhood,
                city: addr.city,
                state: addr.state,
              }
            : {}),
          couponCode: coupon?.code ?? null,
          paymentMethod: method!.id,
          cashReceived: method!.requiresChange ? cashReceived : null,
          installments: method!.online ? installments : null,
          shippingOptionId: shipped ? shippingId : null,
          note: note.trim() || null,
          clientTotal: total,
        },
        attemptKey.current,
      );
      cart.clear();
      attemptKey.current = newIdempotencyKey();
      if (res.checkoutUrl) {
        toast.success('Pedido criado!', { description: 'Redirecionando para o pagamento...' });
        window.location.assign(res.checkoutUrl);
        return;
      }
      setPlaced({ number: res.order.number });
      toast.success('Pedido realizado com sucesso!', { description: orderLabel(res.order.number) });
      window.setTimeout(() => navigate('/customer-dashboard'), 2000);
    } catch (err) {
      // Closed while the form was being filled: the notice at the top takes over.
      if (isApiError(err) && err.code === 'restaurant_closed')
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.options(slug) });
      if (isApiError(err) && err.code === 'insufficient_stock') {
        // Someone bought the last units first: fresh stock marks the lines that no longer fit.
        setStockError({ description: err.description, at: Date.now() });
        void queryClient.invalidateQueries({ queryKey: publicMenuQuery(slug).queryKey });
      }
      if (isApiError(err) && err.title === MSG.addressError) {
        const { description } = errorText(err);
        setErrors({ neighborhood: description });
      }
      toastError(err, 'Erro ao processar pedido');
    } finally {
      setSubmitting(false);
    }
  }

  if (placed) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent variant="sheet">
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <CheckCircle2 className="size-14 text-success" aria-hidden />
            <DialogTitle className="text-xl">{orderLabel(placed.number)} realizado!</DialogTitle>
            <DialogDescription>Você será levado para a sua área de pedidos em instantes.</DialogDescription>
            <Button variant="brand" size="lg" onClick={() => navigate('/customer-dashboard')}>
              Ver meus pedidos
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    );
  }

  const setA = (k: keyof typeof addr) => (e: { target: { value: string } }) =>
    setAddr((a) => ({ ...a, [k]: e.target.value }));
  const cityList = cities.data ?? [];
  const cityInList = cityList.some((c) => normalizeText(c) === normalizeText(addr.city));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        variant="sheet"
        // max-h: the strip above the sheet stays free for a phone toast (see components/ui/toaster).
        className="max-h-[calc(100dvh-6rem)] gap-0 p-0 pb-0 md:max-w-xl md:p-0"
        // No keyboard popping up on phones as soon as the form opens.
        onOpenAutoFocus={(e) => e.preventDefault()}
      >
        <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
          <DialogHeader className="px-5 pt-5 pb-3 md:px-6 md:pt-6">
            <DialogTitle>Finalizar Pedido</DialogTitle>
            <DialogDescription>
              {cart.count} {cart.count === 1 ? 'item' : 'itens'} · {restaurant.name}
            </DialogDescription>
          </DialogHeader>

          {closedText && (
            <div
              role="alert"
              className="mx-5 mb-3 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive md:mx-6"
            >
              <strong className="block">{MSG.restaurantClosed}</strong>
              {closedText}
            </div>
          )}

          <div className="grid gap-5 px-5 pb-4 md:px-6">
            <Section title="Seus dados">
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label="Nome" htmlFor="co-name" error={errors.name}>
                  <Input
                    id="co-name"
                    autoComplete="name"
                    value={name}
                    aria-invalid={!!errors.name}
                    onChange={(e) => setName(e.target.value)}
                  />
                </FormField>
                <FormField label="Telefone" htmlFor="co-phone" error={errors.phone}>
                  <Input
                    id="co-phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel-national"
                    placeholder="(11) 98765-4321"
                    value={phone}
                    aria-invalid={!!errors.phone}
                    onChange={(e) => setPhone(formatPhone(e.target.value))}
                  />
                </FormField>
              </div>
            </Section>

            <Section title="Entrega">
              {effectiveType === 'dine_in' ? (
                <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
                  <UtensilsCrossed className="size-5 text-brand" aria-hidden />
                  <div>
                    <p className="font-semibold">Mesa {tableNumber}</p>
                    <p className="text-sm text-muted-foreground">Seu pedido será servido na mesa.</p>
                  </div>
                </div>
              ) : (
                <fieldset className="grid grid-cols-2 gap-2">
                  <legend className="sr-only">Tipo de entrega</legend>
                  <Choice
                    name="delivery-type"
                    checked={effectiveType === 'delivery'}
                    onSelect={() => setDeliveryType('delivery')}
                    icon={shipped ? <Truck aria-hidden /> : <Bike aria-hidden />}
                    label="Entrega"
                  />
                  <Choice
                    name="delivery-type"
                    checked={effectiveType === 'pickup'}
                    disabled={shipped}
                    onSelect={() => setDeliveryType('pickup')}
                    icon={<Store aria-hidden />}
                    label="Retirada"
                  />
                  {shipped && (
                    <p className="col-span-2 text-xs text-muted-foreground">
                      Seu carrinho tem produtos enviados pelos Correios: a entrega é obrigatória.
                    </p>
                  )}
                </fieldset>
              )}

              {effectiveType === 'delivery' && (
                <div className="grid gap-3">
                  {(addresses.data?.length ?? 0) > 0 && (
                    <FormField label="Endereço salvo" htmlFor="co-saved">
                      <NativeSelect id="co-saved" defaultValue="" onChange={(e) => applySavedAddress(e.target.value)}>
                        <option value="">Escolha um endereço salvo…</option>
                        {addresses.data!.map((a) => (
                          <option key={a.id} value={a.id}>
                            {a.name} — {a.address}, {a.number}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormField>
                  )}
                  <div className="grid grid-cols-[1fr_6.5rem] gap-3">
                    <FormField label="CEP" htmlFor="co-cep" error={errors.cep}>
                      <Input
                        id="co-cep"
                        inputMode="numeric"
                        autoComplete="postal-code"
                        placeholder="01310-100"
                        value={addr.cep}
                        aria-invalid={!!errors.cep}
                        onChange={(e) => setAddr((a) => ({ ...a, cep: formatCep(e.target.value) }))}
                      />
                    </FormField>
                    <FormField label="Estado" htmlFor="co-state" error={errors.state}>
                      <NativeSelect
                        id="co-state"
                        value={addr.state}
                        aria-invalid={!!errors.state}
                        onChange={(e) => setAddr((a) => ({ ...a, state: e.target.value, city: '' }))}
                      >
                        {(states.data ?? [{ code: addr.state, name: addr.state }]).map((s) => (
                          <option key={s.code} value={s.code}>
                            {s.code}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormField>
                  </div>
                  <FormField label="Cidade" htmlFor="co-city" error={errors.city}>
                    <NativeSelect
                      id="co-city"
                      value={cityInList ? cityList.find((c) => normalizeText(c) === normalizeText(addr.city)) : ''}
                      aria-invalid={!!errors.city}
                      onChange={setA('city')}
                    >
                      <option value="">{cities.isLoading ? 'Carregando cidades…' : 'Selecione a cidade'}</option>
                      {cityList.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  {!local ? (
                    <FormField label="Bairro" htmlFor="co-hood-text" error={errors.neighborhood}>
                      <Input id="co-hood-text" value={addr.neighborhood} onChange={setA('neighborhood')} />
                    </FormField>
                  ) : (
                    <FormField label="Bairro" htmlFor="co-hood" error={errors.neighborhood}>
                      <NativeSelect
                        id="co-hood"
                        value={hoodChoice}
                        aria-invalid={!!errors.neighborhood}
                        onChange={(e) => {
                          setHoodChoice(e.target.value);
                          setAddr((a) => ({ ...a, neighborhood: e.target.value === OTHER ? '' : e.target.value }));
                        }}
                      >
                        <option value="">Selecione o bairro</option>
                        {neighborhoods.map((n) => (
                          <option key={n.id} value={n.name}>
                            {n.name} — {n.deliveryFee > 0 ? formatMoney(n.deliveryFee) : 'grátis'}
                          </option>
                        ))}
                        <option value={OTHER}>Outro bairro…</option>
                      </NativeSelect>
                    </FormField>
                  )}
                  {local && hoodChoice === OTHER && (
                    <FormField label="Nome do bairro" htmlFor="co-hood-other">
                      <Input id="co-hood-other" value={addr.neighborhood} onChange={setA('neighborhood')} />
                    </FormField>
                  )}
                  <div className="grid grid-cols-[1fr_6rem] gap-3">
                    <FormField label="Endereço" htmlFor="co-address" error={errors.address}>
                      <Input
                        id="co-address"
                        autoComplete="address-line1"
                        value={addr.address}
                        aria-invalid={!!errors.address}
                        onChange={setA('address')}
                      />
                    </FormField>
                    <FormField label="Número" htmlFor="co-number" error={errors.number}>
                      <Input
                        id="co-number"
                        value={addr.number}
                        aria-invalid={!!errors.number}
                        onChange={setA('number')}
                      />
                    </FormField>
                  </div>
                  <FormField label="Complemento (opcional)" htmlFor="co-complement">
                    <Input id="co-complement" value={addr.complement} onChange={setA('complement')} />
                  </FormField>

                  {shipped && (
                    <div className="grid gap-2" aria-live="polite">
                      <p className="text-sm font-medium">Frete</p>
                      {cepDigits.length !== 8 ? (
                        <p className="text-sm text-muted-foreground">Informe o CEP para calcular o frete.</p>
                      ) : quote.isLoading ? (
                        <Skeleton className="h-14 w-full" />
                      ) : quote.isError ? (
                        <p className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                          <strong className="block">{errorText(quote.error).title}</strong>
                          {errorText(quote.error).description}
                        </p>
                      ) : (
                        quote.data?.options.map((o) => (
                          <Choice
                            key={o.id}
                            name="shipping"
                            checked={shippingId === o.id}
                            onSelect={() => setShippingId(o.id)}
                            icon={<Truck aria-hidden />}
                            label={`${o.company} ${o.name}`}
                            detail={`${o.deliveryTime} dia(s) úteis`}
                            trailing={formatMoney(o.price)}
                          />
                        ))
                      )}
                      {errors.shipping && <p className="text-sm text-destructive">{errors.shipping}</p>}
                    </div>
                  )}
                </div>
              )}
            </Section>

            <Section title="Cupom de desconto">
              {coupon ? (
                <div className="flex items-center justify-between gap-3 rounded-lg border border-success/40 bg-success/10 p-3">
                  <span className="flex items-center gap-2 text-sm font-medium">
                    <Ticket className="size-4" aria-hidden /> {coupon.code} · −{formatMoney(discount)}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label="Remover cupom"
                    onClick={() => setCoupon(null)}
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
                    value={couponInput}
                    onChange={(e) => setCouponInput(e.target.value.toUpperCase())}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        void applyCoupon();
                      }
                    }}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    loading={couponBusy}
                    onClick={applyCoupon}
                    disabled={!couponInput.trim()}
                  >
                    Aplicar
                  </Button>
                </div>
              )}
            </Section>

            <Section title="Pagamento">
              {options.isLoading ? (
                <div className="grid gap-2">
                  <Skeleton className="h-12 w-full" />
                  <Skeleton className="h-12 w-full" />
                </div>
              ) : (
                <fieldset className="grid gap-2 sm:grid-cols-2">
                  <legend className="sr-only">Forma de pagamento</legend>
                  {methods.map((m) => (
                    <Choice
                      key={m.id}
                      name="payment"
                      checked={methodId === m.id}
                      onSelect={() => {
                        setMethodId(m.id);
                        setErrors((e) => ({ ...e, payment: undefined, cash: undefined }));
                      }}
                      icon={<span aria-hidden>{paymentIcon(m)}</span>}
                      label={m.name}
                      disabled={m.online && onlineUnavailable}
                      detail={
                        m.online
                          ? onlineUnavailable
                            ? `${MSG.checkoutNotConfigured}: ${MSG.checkoutNotConfiguredCustomer}`
                            : 'Pague online com segurança'
                          : undefined
                      }
                    />
                  ))}
                </fieldset>
              )}
              {errors.payment && <p className="text-sm text-destructive">{errors.payment}</p>}
              {method?.requiresChange && (
                <div className="grid gap-2">
                  <FormField label="Troco para quanto?" htmlFor="co-cash" error={errors.cash}>
                    <Input
                      id="co-cash"
                      inputMode="decimal"
                      placeholder={formatMoney(total)}
                      value={cashInput}
                      aria-invalid={!!errors.cash}
                      onChange={(e) => setCashInput(e.target.value.replace(/[^\d,.]/g, ''))}
                    />
                  </FormField>
                  {change &&
                    (change.ok ? (
                      <p className="text-sm">
                        Troco: <strong>{formatMoney(change.change)}</strong>
                      </p>
                    ) : (
                      <p className="text-sm text-destructive">
                        <strong>{change.title}</strong> · {change.description}
                      </p>
                    ))}
                </div>
              )}
              {installmentChoices.length > 1 && (
                <FormField label="Parcelas" htmlFor="co-installments">
                  <NativeSelect
                    id="co-installments"
                    value={installments}
                    onChange={(e) => setInstallments(Number(e.target.value))}
                  >
                    {installmentChoices.map((o) => (
                      <option key={o.count} value={o.count}>
                        {o.label}
                        {o.count === 1 ? ' (à vista)' : ''}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              )}
            </Section>

            <Section title="Observações">
              <FormField
                label="Observações do pedido (opcional)"
                htmlFor="co-note"
                hint={`${note.length}/${ORDER_NOTE_MAX}`}
                className="[&>p]:text-right"
              >
                <Textarea
                  id="co-note"
                  value={note}
                  maxLength={ORDER_NOTE_MAX}
                  rows={2}
                  placeholder="Ex.: tocar o interfone, troco em notas pequenas"
                  onChange={(e) => setNote(e.target.value)}
                />
              </FormField>
            </Section>
          </div>

          <div className="sticky bottom-0 grid gap-3 border-t bg-background px-5 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] md:px-6">
            {stockError && (
              <div role="alert" className="grid gap-2 rounded-lg bg-destructive/10 p-3 text-sm text-destructive">
                <p>
                  <strong className="block">{MSG.insufficientStock}</strong>
                  {/* The server's words until the refreshed menu names the lines below. */}
                  {overStock.size === 0 && stockError.description}
                </p>
                {cart.items
                  .filter((i) => overStock.has(i.id))
                  .map((i) => {
                    const left = overStock.get(i.id) ?? 0;
                    return (
                      <div key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-foreground">
                        <span>
                          {i.quantity}× {i.name} · <span className="text-destructive">{stockLeftText(left)}</span>
                        </span>
                        <span className="flex gap-2">
                          {left > 0 && left < i.quantity && (
                            <Button
                              type="button"
                              size="sm"
                              variant="outline"
                              onClick={() => cart.updateQuantity(i.id, left)}
                            >
                              Ajustar para {left}
                            </Button>
                          )}
                          <Button type="button" size="sm" variant="outline" onClick={() => cart.remove(i.id)}>
                            Remover
                          </Button>
                        </span>
                      </div>
                    );
                  })}
              </div>
            )}
            <dl className="grid gap-1 text-sm">
              <Row label="Subtotal" value={formatMoney(subtotal)} />
              {effectiveType === 'delivery' && local && (
                <Row label="Taxa de entrega" value={localFee > 0 ? formatMoney(localFee) : 'Grátis'} />
              )}
              {effectiveType === 'delivery' && shipped && (
                <Row label="Frete" value={freight > 0 ? formatMoney(freight) : !shippingOption ? '—' : 'Grátis'} />
              )}
              {discount > 0 && <Row label="Desconto" value={`− ${formatMoney(discount)}`} className="text-success" />}
              <Row label="Total" value={formatMoney(total)} className="text-base font-bold" />
            </dl>
            <Button
              type="submit"
              variant="brand"
              size="xl"
              loading={submitting}
              disabled={!!closedText}
              className="w-full"
            >
              {method?.online ? <CreditCard aria-hidden /> : null}
              Finalizar Pedido
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function paymentIcon(m: CheckoutPaymentMethod): string {
  if (m.icon && !['card', 'money', 'pix'].includes(m.icon)) return m.icon;
  if (m.type === 'pix' || m.icon === 'pix') return '💠';
  if (m.type === 'cash' || m.icon === 'money') return '💵';
  return '💳';
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('flex items-center justify-between gap-3', className)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** A big radio card (44 px+ touch target). */
function Choice({
  name,
  checked,
  onSelect,
  icon,
  label,
  detail,
  trailing,
  disabled,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  icon?: ReactNode;
  label: string;
  detail?: string;
  trailing?: string;
  disabled?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 [&_svg]:size-5',
        checked ? 'border-brand bg-brand/5 ring-1 ring-brand' : 'hover:bg-accent',
        disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <input type="radio" name={name} className="sr-only" checked={checked} disabled={disabled} onChange={onSelect} />
      {icon && <span className="shrink-0 text-lg leading-none">{icon}</span>}
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{label}</span>
        {detail && <span className="block text-xs text-muted-foreground">{detail}</span>}
      </span>
      {trailing && <span className="shrink-0 font-semibold tabular-nums">{trailing}</span>}
      {checked && !trailing && <Badge variant="brand">✓</Badge>}
    </label>
  );
}
