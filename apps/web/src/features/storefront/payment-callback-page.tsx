import { PAYMENT_RETURN_DETAIL_NAMES } from '@meucardapio/domain/hosted-checkout';
import { MSG } from '@meucardapio/domain/messages';
import { shortIdStorefront } from '@meucardapio/domain/order-status';
import { AlertTriangle, CheckCircle2, LoaderCircle, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api, isApiError } from '@/lib/api';

type Outcome = {
  orderId: string;
  status: 'approved' | 'failed' | 'pending';
  orderStatus: string;
  transactionNsu: string | null;
  /** Why a payment that did arrive was not accepted (it does not match the order). */
  message: string | null;
  /** Why the payment could not be checked at all. */
  problem: 'verification_failed' | 'configuration_required' | null;
};

type View =
  | { kind: 'loading' }
  | { kind: 'success'; orderId: string; transaction: string | null }
  | { kind: 'failed'; title: string; description: string; orderId: string; transaction: string | null }
  | { kind: 'error'; title?: string; message: string; orderId: string | null; transaction: string | null };

const first = (q: URLSearchParams, ...names: string[]) => {
  for (const n of names) {
    const v = q.get(n)?.trim();
    if (v) return v;
  }
  return null;
};

/** What the provider wrote in the return address (`error`, `error_description`, `warning`), kept short. */
function providerNotes(q: URLSearchParams): { error: string | null; warning: string | null } {
  const clip = (v: string | null) => (v ? v.slice(0, 300) : null);
  const code = first(q, 'error');
  const description = first(q, 'error_description');
  const error = description && code && description !== code ? `${description} (${code})` : (description ?? code);
  return { error: clip(error), warning: clip(first(q, 'warning')) };
}

/**
 * Where the card/PIX provider sends the customer back. The page never decides by itself: it asks our
 * server, which verifies the transaction with the provider before marking the order paid.
 */
export default function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const started = useRef(false);

  const orderId = first(params, 'order_nsu', 'orderId', 'order_id', 'externalId');
  const transaction = first(params, 'transaction_nsu', 'transaction_id', 'nsu');
  const slug = first(params, 'slug');
  const notes = providerNotes(params);
  // Opened as the PDV's checkout popup: the cashier closes it (or it closes itself) and the PDV goes on.
  const fromPdv = params.get('pdv') === 'true';

  useEffect(() => {
    if (!fromPdv || view.kind !== 'success' || !window.opener) return;
    const t = setTimeout(() => window.close(), 2000);
    return () => clearTimeout(t);
  }, [fromPdv, view.kind]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!orderId) {
      setView({ kind: 'error', message: 'Informações do pedido não encontradas.', orderId: null, transaction });
      return;
    }
    api
      .post<Outcome>('/api/public/payments/confirm', {
        orderNsu: orderId,
        transactionNsu: transaction,
        slug,
        receiptUrl: params.get('receipt_url'),
        captureMethod: params.get('capture_method'),
        details: Object.fromEntries(PAYMENT_RETURN_DETAIL_NAMES.map((name) => [name, params.get(name)])),
      })
      .then((res) => {
        if (res.status === 'approved' && res.orderStatus !== 'cancelled') {
          toast.success('Pagamento confirmado!');
          setView({ kind: 'success', orderId, transaction: res.transactionNsu ?? transaction });
        } else if (res.message) {
          const title = res.status === 'approved' ? 'Pedido cancelado' : 'Pagamento não aprovado';
          setView({ kind: 'failed', title, description: res.message, orderId, transaction });
        } else if (res.status === 'failed') {
          setView({
            kind: 'failed',
            title: 'Pagamento não aprovado',
            description:
              res.orderStatus === 'cancelled'
                ? 'A operadora recusou o pagamento e o pedido foi cancelado. Você pode fazer um novo pedido.'
                : 'A operadora recusou o pagamento. Você pode tentar novamente pela sua área de pedidos.',
            orderId,
            transaction,
          });
        } else if (res.problem === 'verification_failed') {
          toast.error(MSG.verificationError, { description: MSG.verificationFailed });
          setView({
            kind: 'error',
            title: MSG.verificationFailed,
            message:
              'Não conseguimos falar com a operadora para confirmar o pagamento. Se você pagou, a confirmação aparece na sua área de pedidos assim que ela responder.',
            orderId,
            transaction,
          });
        } else if (res.problem === 'configuration_required') {
          setView({
            kind: 'error',
            title: MSG.checkoutNotConfigured,
            message: MSG.checkoutNotConfiguredVerify,
            orderId,
            transaction,
          });
        } else {
          setView({
            kind: 'failed',
            title: 'Pagamento não confirmado',
            description: transaction
              ? 'Ainda não recebemos a confirmação da operadora. Acompanhe o status na sua área de pedidos.'
              : 'O pagamento não foi concluído. Você pode tentar novamente pela sua área de pedidos.',
            orderId,
            transaction,
          });
        }
      })
      .catch((err) => {
        const message =
          isApiError(err) && err.status === 404
            ? 'Pedido não encontrado.'
            : 'Erro ao confirmar pagamento. Contate o suporte.';
        setView({ kind: 'error', message, orderId, transaction });
      });
  }, [orderId, transaction, slug, params]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md rounded-2xl border bg-background p-6 text-center shadow-sm">
        {view.kind === 'loading' && (
          <State
            icon={<LoaderCircle className="size-14 animate-spin text-muted-foreground" aria-hidden />}
            title="Confirmando pagamento..."
          >
            <p className="text-muted-foreground">Aguarde enquanto verificamos com a operadora.</p>
          </State>
        )}
        {view.kind === 'success' && (
          <State icon={<CheckCircle2 className="size-14 text-success" aria-hidden />} title="Pagamento confirmado!">
            <p className="text-muted-foreground">
              {fromPdv
                ? 'Pagamento da venda registrado. Esta janela pode ser fechada.'
                : 'Seu pedido já está sendo preparado.'}
            </p>
            <Ids orderId={view.orderId} transaction={view.transaction} />
          </State>
        )}
        {view.kind === 'failed' && (
          <State icon={<XCircle className="size-14 text-destructive" aria-hidden />} title={view.title}>
            <p className="text-muted-foreground">{view.description}</p>
            <Ids orderId={view.orderId} transaction={view.transaction} />
          </State>
        )}
        {view.kind === 'error' && (
          <State
            icon={<AlertTriangle className="size-14 text-warning" aria-hidden />}
            title={view.title ?? 'Não foi possível confirmar'}
          >
            <p className="text-muted-foreground">{view.message}</p>
            <Ids orderId={view.orderId} transaction={view.transaction} />
          </State>
        )}
        {view.kind !== 'loading' && (notes.error || notes.warning) && (
          <div className="mt-4 grid gap-2 text-left text-sm">
            {notes.error && (
              <p className="rounded-md bg-destructive/10 p-3 text-destructive">
                <strong>Mensagem da operadora:</strong> {notes.error}
              </p>
            )}
            {notes.warning && (
              <p className="rounded-md bg-amber-50 p-3 text-amber-900">
                <strong>Aviso da operadora:</strong> {notes.warning}
              </p>
            )}
          </div>
        )}
        {view.kind !== 'loading' && (
          <div className="mt-6 grid gap-2">
            {fromPdv ? (
              <Button variant="brand" size="lg" onClick={() => window.close()}>
                Fechar janela
              </Button>
            ) : (
              <Button asChild variant="brand" size="lg">
                <Link to="/customer-dashboard">Ver meus pedidos</Link>
              </Button>
            )}
          </div>
        )}
      </div>
    </main>
  );
}

function State({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3">
      {icon}
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

function Ids({ orderId, transaction }: { orderId: string | null; transaction: string | null }) {
  if (!orderId && !transaction) return null;
  return (
    <dl className="mt-2 grid w-full gap-1 rounded-lg bg-muted/60 p-3 text-sm">
      {orderId && (
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Pedido</dt>
          <dd className="font-mono font-medium">#{shortIdStorefront(orderId).toUpperCase()}</dd>
        </div>
      )}
      {transaction && (
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Transação</dt>
          <dd className="font-mono font-medium">{transaction.slice(0, 12)}</dd>
        </div>
      )}
    </dl>
  );
}
