import type { ReviewOrderSummary } from '@meucardapio/domain/menu-views';
import { MSG } from '@meucardapio/domain/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, SearchX, Star } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { api, isApiError } from '@/lib/api';
import { isCustomer, useAuth } from '@/lib/auth';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useRestaurantTheme } from './use-restaurant-theme';

type ReviewRestaurant = {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  buttonColor: string;
  showReviewsOnMenu: boolean;
};

const RATING_LABELS = ['', 'Ruim', 'Regular', 'Bom', 'Muito bom', 'Excelente'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /review/:restaurantId?order=… — a customer rates the restaurant (optionally about one order). */
export default function ReviewPage() {
  const { restaurantId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const orderParam = searchParams.get('order');
  const orderId = orderParam && UUID.test(orderParam) ? orderParam : null;
  const { user, status: authStatus } = useAuth();

  const restaurant = useQuery({
    queryKey: ['public-restaurant', restaurantId],
    queryFn: () =>
      api.get<{ restaurant: ReviewRestaurant }>(`/api/public/restaurants/by-id/${encodeURIComponent(restaurantId)}`),
    select: (d) => d.restaurant,
  });
  const r = restaurant.data;
  useRestaurantTheme(r?.primaryColor, r?.buttonColor, r ? `Avaliar · ${r.name}` : undefined);

  const ownsRestaurant = isCustomer(user) && user.restaurant.id === restaurantId;
  // The review link (restaurant + order id) is what shows the order's summary, signed in or not.
  const order = useQuery({
    queryKey: ['review-order', restaurantId, orderId],
    enabled: !!orderId,
    retry: false,
    queryFn: () =>
      api.get<{ order: ReviewOrderSummary }>(
        `/api/public/restaurants/by-id/${encodeURIComponent(restaurantId)}/orders/${orderId}/review`,
      ),
    select: (d) => d.order,
  });

  if (restaurant.isPending) {
    return (
      <main className="mx-auto flex max-w-lg flex-col gap-4 p-4" aria-busy>
        <p className="sr-only" role="status">
          Carregando...
        </p>
        <Skeleton className="h-28 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </main>
    );
  }
  if (restaurant.isError || !r) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-3 p-6 text-center">
        <SearchX className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-bold">Restaurante não encontrado</h1>
        <p className="text-muted-foreground">Verifique o link e tente novamente.</p>
      </main>
    );
  }

  return (
    <main className="min-h-dvh bg-muted/30 pb-10">
      <header className="bg-[var(--sf-primary)] text-[var(--sf-primary-foreground)]">
        <div className="mx-auto flex max-w-lg items-center gap-4 px-4 py-6">
          <div className="size-16 shrink-0 overflow-hidden rounded-2xl border-2 border-white/70 bg-white/20">
            {r.logoUrl ? (
              <img src={r.logoUrl} alt={`Logo de ${r.name}`} className="size-full object-cover" />
            ) : (
              <span className="flex size-full items-center justify-center text-2xl font-bold" aria-hidden>
                {r.name.charAt(0).toUpperCase()}
              </span>
            )}
          </div>
          <div className="min-w-0">
            <p className="text-sm opacity-90">Avaliar</p>
            <h1 className="truncate text-2xl font-bold">{r.name}</h1>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 pt-4">
        {order.data ? <OrderCard order={order.data} /> : null}
        {orderId && order.isPending ? (
          <Skeleton className="h-72 w-full rounded-xl" />
        ) : !orderId || order.isError ? (
          <ReviewNotice title="Avaliação indisponível">
            Para avaliar, use o link "Avaliar Pedido" de um pedido entregue na sua área de pedidos.
          </ReviewNotice>
        ) : order.data?.reviewed ? (
          <ReviewNotice title="Pedido já avaliado">
            Este pedido já foi avaliado. Obrigado pela sua opinião!
          </ReviewNotice>
        ) : !order.data?.reviewable ? (
          <ReviewNotice title="Avaliação indisponível">
            Você poderá avaliar este pedido depois que ele for entregue.
          </ReviewNotice>
        ) : (
          <ReviewForm
            restaurant={r}
            orderId={orderId}
            defaults={
              authStatus === 'ready' && ownsRestaurant && isCustomer(user)
                ? { name: user.name, email: user.email }
                : null
            }
          />
        )}
      </div>
    </main>
  );
}

function ReviewNotice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section role="status" className="flex flex-col items-center gap-2 rounded-xl border bg-card p-6 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{children}</p>
    </section>
  );
}

function OrderCard({ order }: { order: ReviewOrderSummary }) {
  return (
    <section aria-label="Resumo do pedido" className="rounded-xl border bg-card p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-semibold">Pedido {order.number ? `#${order.number}` : `#${order.id.slice(0, 8)}`}</h2>
        {order.createdAt ? (
          <span className="text-xs text-muted-foreground">{formatDateTime(order.createdAt)}</span>
        ) : null}
      </div>
      {order.items?.length ? (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {order.items.map((i, idx) => (
            <li key={i.id ?? idx} className="flex justify-between gap-2">
              <span>
                {i.quantity}× {i.name}
              </span>
              {typeof i.totalPrice === 'number' ? (
                <span className="tabular-nums text-muted-foreground">{formatMoney(i.totalPrice)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex justify-between border-t pt-2 font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatMoney(order.total)}</span>
      </div>
    </section>
  );
}

function ReviewForm({
  restaurant,
  orderId,
  defaults,
}: {
  restaurant: ReviewRestaurant;
  orderId: string | null;
  defaults: { name: string; email: string } | null;
}) {
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; name?: string; email?: string }>({});
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!defaults) return;
    setName((n) => n || defaults.name);
    setEmail((e) => e || defaults.email);
  }, [defaults]);

  const send = useMutation({
    mutationFn: () =>
      api.post(`/api/public/restaurants/${encodeURIComponent(restaurant.slug)}/reviews`, {
        customerName: name.trim(),
        customerEmail: email.trim(),
        rating,
        comment: comment.trim() || null,
        orderId,
      }),
    onSuccess: () => {
      toast.success('Avaliação enviada!', { description: 'Obrigado por compartilhar sua opinião.' });
      setDone(true);
    },
    onError: (err) => {
      // A refused field comes back with the spec's text; anything else is the generic failure.
      if (isApiError(err) && err.status < 500) toast.error(err.title, { description: err.description || undefined });
      else toast.error('Erro ao enviar avaliação', { description: 'Tente novamente mais tarde.' });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (rating < 1) next.rating = MSG.selectRating;
    if (!name.trim()) next.name = 'Informe seu nome.';
    if (!email.trim()) next.email = MSG.emailRequired;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = MSG.invalidEmail;
    setErrors(next);
    if (next.rating) {
      toast.error(MSG.selectRating);
      return;
    }
    if (next.name || next.email) {
      toast.error(MSG.requiredFieldsShort, { description: next.name ?? next.email });
      return;
    }
    send.mutate();
  }

  if (done) {
    return (
      <section className="flex flex-col items-center gap-3 rounded-xl border bg-card p-8 text-center">
        <CheckCircle2 className="size-12 text-success" aria-hidden />
        <h2 className="text-xl font-bold">Obrigado pela sua avaliação!</h2>
        <p className="text-muted-foreground">Sua opinião ajuda {restaurant.name} a melhorar sempre.</p>
        <Button asChild variant="brand" size="lg" className="mt-2">
          <Link to={`/${restaurant.slug}`}>Voltar ao cardápio</Link>
        </Button>
      </section>
    );
  }

  const shown = hover || rating;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5 rounded-xl border bg-card p-5">
      <fieldset className="flex flex-col items-center gap-2">
        <legend className="mb-2 w-full text-center font-semibold">Como foi sua experiência?</legend>
        <div role="radiogroup" aria-label="Nota" className="flex gap-1" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={`${n} ${n === 1 ? 'estrela' : 'estrelas'}`}
              onClick={() => {
                setRating(n);
                setErrors((er) => ({ ...er, rating: undefined }));
              }}
              onMouseEnter={() => setHover(n)}
              className="rounded-md p-1 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Star
                aria-hidden
                className={cn(
                  'size-10 transition-colors',
                  n <= shown ? 'fill-amber-400 text-amber-400' : 'fill-transparent text-muted-foreground/40',
                )}
              />
            </button>
          ))}
        </div>
        <p className="h-5 text-sm text-muted-foreground">{shown ? RATING_LABELS[shown] : ''}</p>
        {errors.rating ? <p className="text-sm text-destructive">{errors.rating}</p> : null}
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <Label htmlFor="review-name">Nome</Label>
        <Input
          id="review-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          aria-invalid={!!errors.name || undefined}
        />
        {errors.name ? <p className="text-sm text-destructive">{errors.name}</p> : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="review-email">E-mail</Label>
        <Input
          id="review-email"
          type="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          aria-invalid={!!errors.email || undefined}
        />
        {errors.email ? <p className="text-sm text-destructive">{errors.email}</p> : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="review-comment">
          Comentário <span className="font-normal text-muted-foreground">(opcional)</span>
        </Label>
        <Textarea
          id="review-comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={4}
          maxLength={2000}
          placeholder="Conte como foi seu pedido"
        />
      </div>
      <Button type="submit" variant="brand" size="xl" loading={send.isPending}>
        Enviar Avaliação
      </Button>
    </form>
  );
}
