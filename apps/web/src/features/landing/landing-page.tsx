import {
  ArrowRight,
  Bike,
  CircleCheck,
  Clock,
  LayoutDashboard,
  type LucideIcon,
  QrCode,
  ShoppingCart,
  Sparkles,
  User,
  Wallet,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: QrCode,
    title: 'QR Code nas mesas',
    text: 'O cliente escaneia o código da mesa e faz o pedido pelo celular, sem esperar o garçom.',
  },
  {
    icon: ShoppingCart,
    title: 'Carrinho inteligente',
    text: 'Totais calculados na hora, com cupons de desconto, taxas de entrega e opções de pagamento.',
  },
  {
    icon: Zap,
    title: 'Gestão em tempo real',
    text: 'Pedidos e cardápio atualizados na hora: cada novo pedido chega ao painel com aviso sonoro.',
  },
  {
    icon: Wallet,
    title: 'PIX, dinheiro e cartão',
    text: 'Aceite PIX, dinheiro e cartão, com cálculo automático do troco para o entregador.',
  },
  {
    icon: Bike,
    title: 'Delivery por bairro',
    text: 'Taxa de entrega por bairro e pedidos notificados por WhatsApp assim que chegam.',
  },
  {
    icon: Clock,
    title: 'Horários de funcionamento',
    text: 'Defina seus horários e as vendas pausam automaticamente quando a loja fecha.',
  },
];

const STATS = [
  { value: '+300%', label: 'pedidos' },
  { value: '-60%', label: 'tempo de atendimento' },
  { value: '98%', label: 'satisfação' },
];

const DEMO_ITEMS = [
  { emoji: '🍕', name: 'Pizza Margherita', desc: 'Molho de tomate, muçarela e manjericão', price: 4990 },
  { emoji: '🍔', name: 'Burger da Casa', desc: 'Pão brioche, blend 180 g e cheddar', price: 3290 },
  { emoji: '🥤', name: 'Refrigerante 2 L', desc: 'Coca-Cola, Guaraná ou Fanta', price: 1400 },
];

/** A phone showing what a customer sees: the restaurant's menu with a running cart. */
function PhoneMockup() {
  return (
    <div aria-hidden className="relative mx-auto w-[280px] select-none sm:w-[300px]">
      <div className="absolute -inset-6 -z-10 rounded-[3rem] bg-gradient-to-tr from-orange-400/30 via-amber-300/20 to-rose-400/30 blur-2xl" />
      <div className="overflow-hidden rounded-[2.5rem] border-[10px] border-neutral-900 bg-white shadow-2xl">
        <div className="relative h-24 bg-gradient-to-br from-orange-500 to-red-600">
          <div className="absolute top-2 left-1/2 h-4 w-20 -translate-x-1/2 rounded-full bg-neutral-900" />
          <div className="absolute -bottom-6 left-4 flex size-14 items-center justify-center rounded-2xl border-4 border-white bg-amber-100 text-2xl shadow">
            🍕
          </div>
        </div>
        <div className="px-4 pt-8 pb-3">
          <div className="flex items-center justify-between">
            <p className="font-semibold text-neutral-900">Pizzaria Demo</p>
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[10px] font-semibold text-emerald-700">
              Aberto
            </span>
          </div>
          <div className="mt-3 flex gap-1.5 overflow-hidden text-[11px]">
            {['Todos', 'Pizzas', 'Lanches', 'Bebidas'].map((c, i) => (
              <span
                key={c}
                className={`shrink-0 rounded-full px-2.5 py-1 ${i === 0 ? 'bg-neutral-900 text-white' : 'bg-neutral-100 text-neutral-600'}`}
              >
                {c}
              </span>
            ))}
          </div>
        </div>
        <ul className="divide-y divide-neutral-100 px-4">
          {DEMO_ITEMS.map((item) => (
            <li key={item.name} className="flex gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-[13px] font-medium text-neutral-900">{item.name}</p>
                <p className="line-clamp-2 text-[11px] leading-snug text-neutral-500">{item.desc}</p>
                <p className="mt-1 text-[13px] font-semibold text-neutral-900">{formatMoney(item.price)}</p>
              </div>
              <div className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-orange-50 text-3xl">
                {item.emoji}
              </div>
            </li>
          ))}
        </ul>
        <div className="p-3">
          <div className="flex items-center justify-between rounded-xl bg-orange-600 px-3 py-2.5 text-[12px] font-medium text-white">
            <span>Ver carrinho · 2 itens</span>
            <span>{formatMoney(8280)}</span>
          </div>
        </div>
      </div>
    </div>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-2.5 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** /landing: the product's marketing page. */
export default function LandingPage() {
  const year = new Date().getFullYear();
  return (
    <div className="min-h-svh bg-background text-foreground">
      <title>MeuCardápio · Cardápio digital e pedidos online para restaurantes</title>

      <header className="sticky top-0 z-30 border-b border-transparent bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/landing" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <BrandLogo className="text-lg" />
          </Link>
          <nav aria-label="Principal" className="flex items-center gap-1 sm:gap-2">
            <Button variant="ghost" size="sm" asChild className="hidden sm:inline-flex">
              <Link to="/admin">Painel</Link>
            </Button>
            <Button variant="ghost" size="sm" asChild>
              <Link to="/auth">Entrar</Link>
            </Button>
            <Button variant="brand" size="sm" asChild className="hidden sm:inline-flex">
              <Link to="/auth?mode=signup">Começar agora</Link>
            </Button>
          </nav>
        </div>
      </header>

      <main>
        {/* Hero */}
        <section className="relative overflow-hidden">
          <div
            aria-hidden
            className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_70%_0%,rgba(251,146,60,0.22),transparent_70%),radial-gradient(ellipse_60%_50%_at_0%_30%,rgba(251,191,36,0.14),transparent_70%)]"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 md:pt-16 lg:grid-cols-[1.1fr_1fr] lg:gap-8 lg:pb-24">
            <div className="text-center lg:text-left">
              <span className="inline-flex items-center gap-1.5 rounded-full border border-orange-200 bg-orange-50 px-3 py-1 text-xs font-medium text-orange-700">
                <Sparkles className="size-3.5" aria-hidden />
                Cardápio digital inteligente
              </span>
              <h1 className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.5rem]">
                Seu restaurante vendendo mais, <span className="text-brand">direto pelo celular</span>
              </h1>
              <p className="mx-auto mt-5 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg lg:mx-0">
                Cardápio digital com pedidos online, QR Code nas mesas, delivery e um painel completo para gerenciar
                pedidos, caixa e estoque em tempo real.
              </p>
              <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
                <Button variant="brand" size="xl" asChild className="shadow-lg shadow-orange-600/25">
                  <Link to="/demo-restaurant">
                    Ver cardápio demo
                    <ArrowRight aria-hidden />
                  </Link>
                </Button>
                <Button variant="outline" size="xl" asChild>
                  <Link to="/auth?mode=signup">Começar agora</Link>
                </Button>
              </div>
              <ul className="mt-8 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground lg:justify-start">
                {['Pedidos pelo celular', 'PIX, dinheiro e cartão', 'Delivery e retirada'].map((t) => (
                  <li key={t} className="flex items-center gap-1.5">
                    <CircleCheck className="size-4 text-success" aria-hidden />
                    {t}
                  </li>
                ))}
              </ul>
            </div>
            <PhoneMockup />
          </div>
        </section>

        {/* Features */}
        <section id="recursos" aria-labelledby="recursos-titulo" className="border-t bg-muted/40 py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold text-brand">Recursos</p>
              <h2 id="recursos-titulo" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                Tudo o que seu negócio precisa para vender online
              </h2>
              <p className="mt-4 text-muted-foreground">
                Do pedido na mesa à entrega na porta do cliente, em um só lugar.
              </p>
            </div>
            <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((f) => (
                <article
                  key={f.title}
                  className="group flex gap-4 rounded-2xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md sm:block sm:p-6"
                >
                  <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-orange-100 text-orange-700 transition-colors group-hover:bg-brand group-hover:text-brand-foreground">
                    <f.icon className="size-5" aria-hidden />
                  </div>
                  <div className="min-w-0">
                    <h3 className="text-base font-semibold sm:mt-4 sm:text-lg">{f.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-muted-foreground sm:mt-2">{f.text}</p>
                  </div>
                </article>
              ))}
            </div>
          </div>
        </section>

        {/* Statistics */}
        <section aria-label="Resultados" className="bg-neutral-950 py-14 text-white sm:py-20">
          <div className="mx-auto grid max-w-5xl grid-cols-3 gap-4 px-4 text-center sm:gap-10 sm:px-6">
            {STATS.map((s) => (
              <div key={s.label}>
                <p className="bg-gradient-to-r from-orange-400 to-amber-300 bg-clip-text text-[1.7rem] font-bold tracking-tight text-transparent sm:text-6xl">
                  {s.value}
                </p>
                <p className="mt-2 text-[11px] leading-tight tracking-wide text-neutral-300 uppercase sm:text-sm">
                  {s.label}
                </p>
              </div>
            ))}
          </div>
        </section>

        {/* Customer area and admin panel */}
        <section aria-label="Para clientes e para a equipe" className="py-16 sm:py-24">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2">
            <article className="flex flex-col rounded-3xl border bg-gradient-to-br from-amber-50 to-background p-6 sm:p-8">
              <div className="flex size-12 items-center justify-center rounded-2xl bg-amber-100 text-amber-700">
                <User className="size-6" aria-hidden />
              </div>
              <h2 className="mt-5 text-2xl font-bold tracking-tight">Área do Cliente</h2>
              <p className="mt-2 text-muted-foreground">Seus clientes acompanham tudo sem precisar ligar.</p>
              <div className="mt-6 flex-1">
                <CheckList
                  items={[
                    'Acompanhamento do pedido em tempo real',
                    'Endereços salvos para pedir mais rápido',
                    'Histórico com “Repetir Pedido” em um toque',
                    'Chat com o restaurante e avaliações',
                  ]}
                />
              </div>
              <Button variant="outline" size="lg" asChild className="mt-8 w-full sm:w-fit">
                <Link to="/demo-restaurant">
                  Ver cardápio demo
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </article>

            <article className="flex flex-col rounded-3xl border bg-gradient-to-br from-orange-50 to-background p-6 sm:p-8">
              <div className="flex size-12 items-center justify-center rounded-2xl bg-orange-100 text-orange-700">
                <LayoutDashboard className="size-6" aria-hidden />
              </div>
              <h2 className="mt-5 text-2xl font-bold tracking-tight">Painel Administrativo</h2>
              <p className="mt-2 text-muted-foreground">Controle completo da operação, do cardápio ao caixa.</p>
              <div className="mt-6 flex-1">
                <CheckList
                  items={[
                    'Produtos, categorias, sabores de pizza e estoque',
                    'Pedidos em tempo real e caixa (PDV)',
                    'Funcionários com perfis de acesso',
                    'Cupons, entregas, mesas e horários',
                  ]}
                />
              </div>
              <Button size="lg" asChild className="mt-8 w-full sm:w-fit">
                <Link to="/admin">
                  Acessar painel
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </article>
          </div>
        </section>

        {/* Closing call to action */}
        <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24">
          <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-orange-500 via-orange-600 to-red-600 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
            <div
              aria-hidden
              className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.18),transparent_40%),radial-gradient(circle_at_80%_90%,rgba(255,255,255,0.12),transparent_40%)]"
            />
            <h2 className="relative text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Pronto para modernizar seu atendimento?
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-orange-50">
              Crie sua conta, cadastre seus produtos e compartilhe o link do seu cardápio hoje mesmo.
            </p>
            <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button size="xl" asChild className="bg-white text-orange-700 hover:bg-orange-50">
                <Link to="/auth?mode=signup">Começar agora</Link>
              </Button>
              <Button
                size="xl"
                variant="outline"
                asChild
                className="border-white/60 bg-transparent text-white hover:bg-white/10 hover:text-white"
              >
                <Link to="/demo-restaurant">Ver cardápio demo</Link>
              </Button>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <BrandLogo className="text-foreground" />
          <nav aria-label="Rodapé" className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            <Link to="/demo-restaurant" className="hover:text-foreground">
              Cardápio demo
            </Link>
            <Link to="/auth" className="hover:text-foreground">
              Entrar
            </Link>
            <Link to="/admin" className="hover:text-foreground">
              Painel administrativo
            </Link>
          </nav>
          <p>© {year} MeuCardápio</p>
        </div>
      </footer>
    </div>
  );
}
