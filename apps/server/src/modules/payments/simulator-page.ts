import { formatBRL } from '@meucardapio/domain/money';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.08);padding:20px}
.badge{display:inline-block;font-size:12px;font-weight:600;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px}
h1{font-size:20px;margin:12px 0 4px}p{margin:4px 0;color:#475569}
ul{list-style:none;padding:0;margin:16px 0;border-top:1px solid #e2e8f0}
li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e2e8f0;font-size:15px}
.total{display:flex;justify-content:space-between;font-size:18px;font-weight:700;margin:8px 0 20px}
button,a.btn{display:block;width:100%;min-height:48px;border:0;border-radius:12px;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px;text-align:center;text-decoration:none;line-height:48px}
.ok{background:#16a34a;color:#fff}.no{background:#fff;color:#b91c1c;border:1px solid #fecaca}.link{background:#e2e8f0;color:#0f172a}
small{display:block;margin-top:16px;color:#64748b;font-size:12px;text-align:center}
`;

// The app-wide Referrer-Policy is no-referrer, under which browsers send `Origin: null` on form
// posts and our CSRF origin check refuses them; same-origin keeps the real Origin on our own form.
function page(title: string, body: string) {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="same-origin"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export type SimulatorLine = { name: string; price: number; quantity: number };

/** The simulated hosted checkout: plain forms only (our CSP forbids inline scripts). */
export function checkoutPage(input: {
  restaurantName: string;
  orderId: string;
  orderNumber: number;
  total: number;
  paymentMethod: string | null;
  customerName: string;
  lines: SimulatorLine[];
  alreadyPaid: boolean;
}) {
  const lines = input.lines
    .map(
      (l) => `<li><span>${l.quantity}x ${esc(l.name)}</span><span>${esc(formatBRL(l.price * l.quantity))}</span></li>`,
    )
    .join('');
  const actions = input.alreadyPaid
    ? `<p>Este pedido já foi pago.</p><a class="btn link" href="/customer-dashboard">Ver meus pedidos</a>`
    : `<form method="post" action="/api/payments/simulator/decide">
<input type="hidden" name="order_nsu" value="${esc(input.orderId)}">
<button class="ok" type="submit" name="decision" value="approve">Aprovar pagamento</button>
<button class="no" type="submit" name="decision" value="decline">Recusar pagamento</button>
</form>`;
  return page(
    'Pagamento (simulador)',
    `<div class="card"><span class="badge">Ambiente de teste · simulador de pagamento</span>
<h1>${esc(input.restaurantName)}</h1>
<p>Pedido #${input.orderNumber} · ${esc(input.customerName)}</p>
${input.paymentMethod ? `<p>Forma de pagamento: ${esc(input.paymentMethod)}</p>` : ''}
<ul>${lines}</ul>
<div class="total"><span>Total</span><span>${esc(formatBRL(input.total))}</span></div>
${actions}
<small>Nenhuma cobrança real é feita. Escolha o resultado para testar o retorno do pagamento.</small></div>`,
  );
}

export function messagePage(title: string, message: string) {
  return page(
    title,
    `<div class="card"><h1>${esc(title)}</h1><p>${esc(message)}</p><a class="btn link" href="/">Voltar</a></div>`,
  );
}

export function receiptPage(input: {
  transactionNsu: string;
  restaurantName: string;
  orderNumber: number;
  total: number;
}) {
  return page(
    'Comprovante',
    `<div class="card"><span class="badge">Comprovante simulado</span><h1>${esc(input.restaurantName)}</h1>
<p>Pedido #${input.orderNumber}</p><p>Transação ${esc(input.transactionNsu)}</p>
<div class="total"><span>Pago</span><span>${esc(formatBRL(input.total))}</span></div></div>`,
  );
}
