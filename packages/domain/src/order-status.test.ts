import { describe, expect, it } from 'vitest';
import {
  canChatAboutOrder,
  checkDeliveryDigits,
  checkDeliveryPerson,
  checkOpenUnpaidOrders,
  checkStatusTransition,
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  emptyOrdersText,
  isAwaitingPayment,
  isDeliveryType,
  isOrderStatus,
  MAX_OPEN_UNPAID_ORDERS,
  nextOrderStatuses,
  normalizeOrderStatus,
  OPEN_ORDER_STATUSES,
  ORDER_FILTERS,
  ORDER_STATUS_FILTER_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatusLabel,
  paymentStatusLabel,
  sanitizeDigitsInput,
  shortIdAdmin,
  shortIdStorefront,
  showsGeneralChat,
  transitionRequirements,
} from './order-status';

describe('statuses and labels', () => {
  it('has the six stored statuses', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'preparing', 'confirmed', 'out_for_delivery', 'delivered', 'cancelled']);
  });

  it('labels each status; confirmed is shown as "Pronto"', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      pending: 'Pendente',
      preparing: 'Preparando',
      confirmed: 'Pronto',
      out_for_delivery: 'Saiu para Entrega',
      delivered: 'Entregue',
      cancelled: 'Cancelado',
    });
  });

  it('has plural staff filter labels; confirmed is "Prontos"', () => {
    expect(ORDER_STATUS_FILTER_LABELS).toEqual({
      pending: 'Pendentes',
      preparing: 'Preparando',
      confirmed: 'Prontos',
      out_for_delivery: 'Saiu para Entrega',
      delivered: 'Entregues',
      cancelled: 'Cancelados',
    });
    expect(ORDER_FILTERS).toEqual(['all', ...ORDER_STATUSES]);
  });

  it('maps "ready" to confirmed and refuses unknown values', () => {
    expect(normalizeOrderStatus('ready')).toBe('confirmed');
    expect(normalizeOrderStatus(' READY ')).toBe('confirmed');
    expect(normalizeOrderStatus('delivered')).toBe('delivered');
    expect(normalizeOrderStatus('shipped')).toBeNull();
    expect(normalizeOrderStatus('')).toBeNull();
    expect(normalizeOrderStatus(null)).toBeNull();
  });

  it('recognises stored statuses only', () => {
    expect(isOrderStatus('pending')).toBe(true);
    expect(isOrderStatus('ready')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });

  it('labels a status value, accepting "ready"', () => {
    expect(orderStatusLabel('ready')).toBe('Pronto');
    expect(orderStatusLabel('out_for_delivery')).toBe('Saiu para Entrega');
    expect(orderStatusLabel('weird')).toBe('weird');
  });

  it('gives the empty list text per filter', () => {
    expect(emptyOrdersText('all')).toBe('Nenhum pedido encontrado');
    expect(emptyOrdersText('pending')).toBe('Nenhum pedido pendentes');
    expect(emptyOrdersText('confirmed')).toBe('Nenhum pedido prontos');
  });
});

describe('delivery types', () => {
  it('has delivery, pickup, dine_in and pdv with labels', () => {
    expect(DELIVERY_TYPES).toEqual(['delivery', 'pickup', 'dine_in', 'pdv']);
    expect(DELIVERY_TYPE_LABELS).toEqual({ delivery: 'Delivery', pickup: 'Retirada', dine_in: 'Mesa', pdv: 'PDV' });
    expect(isDeliveryType('dine_in')).toBe(true);
    expect(isDeliveryType('PDV')).toBe(false);
  });
});

describe('chat and transitions', () => {
  it('hides Chat Geral only when every order of the unfiltered board is delivered', () => {
    expect(showsGeneralChat([{ status: 'delivered' }, { status: 'delivered' }])).toBe(false);
    expect(showsGeneralChat([{ status: 'delivered' }, { status: 'pending' }])).toBe(true);
    expect(showsGeneralChat([])).toBe(true);
    expect(showsGeneralChat(undefined)).toBe(true);
  });

  it('allows chat until the order is delivered', () => {
    expect(canChatAboutOrder('pending')).toBe(true);
    expect(canChatAboutOrder('out_for_delivery')).toBe(true);
    expect(canChatAboutOrder('cancelled')).toBe(true);
    expect(canChatAboutOrder('delivered')).toBe(false);
  });

  it('requires a delivery person to send a delivery order out', () => {
    expect(transitionRequirements('delivery', 'out_for_delivery', false)).toEqual({
      deliveryPerson: true,
      phoneDigits: false,
    });
    expect(transitionRequirements('pickup', 'out_for_delivery', false).deliveryPerson).toBe(false);
    expect(transitionRequirements('delivery', 'preparing', false).deliveryPerson).toBe(false);
  });

  it('requires the phone digits to deliver a LOCAL delivery order only', () => {
    expect(transitionRequirements('delivery', 'delivered', false)).toEqual({
      deliveryPerson: false,
      phoneDigits: true,
    });
    expect(transitionRequirements('delivery', 'delivered', true).phoneDigits).toBe(false);
    expect(transitionRequirements('pickup', 'delivered', false).phoneDigits).toBe(false);
    expect(transitionRequirements('pdv', 'delivered', false).phoneDigits).toBe(false);
  });

  it('refuses a missing delivery person with the spec texts', () => {
    expect(checkDeliveryPerson('emp-1')).toEqual({ ok: true });
    expect(checkDeliveryPerson(null)).toEqual({
      ok: false,
      code: 'delivery_person_required',
      title: 'Selecione um entregador',
      description: 'É obrigatório escolher um entregador para pedidos de delivery.',
    });
    expect(checkDeliveryPerson('')).toMatchObject({ ok: false });
  });
});

describe('status state machine', () => {
  it('moves a delivery order forward one step at a time, cancelling from any open status', () => {
    expect(nextOrderStatuses('pending', 'delivery')).toEqual(['preparing', 'cancelled']);
    expect(nextOrderStatuses('preparing', 'delivery')).toEqual(['confirmed', 'cancelled']);
    expect(nextOrderStatuses('confirmed', 'delivery')).toEqual(['out_for_delivery', 'delivered', 'cancelled']);
    expect(nextOrderStatuses('out_for_delivery', 'delivery')).toEqual(['delivered', 'cancelled']);
  });

  it('reads "ready" as confirmed and sends only delivery orders out', () => {
    expect(nextOrderStatuses('ready', 'pickup')).toEqual(['delivered', 'cancelled']);
    expect(nextOrderStatuses('confirmed', 'dine_in')).toEqual(['delivered', 'cancelled']);
  });

  it('treats delivered and cancelled as final, and unknown statuses as going nowhere', () => {
    expect(nextOrderStatuses('delivered', 'delivery')).toEqual([]);
    expect(nextOrderStatuses('cancelled', 'pickup')).toEqual([]);
    expect(nextOrderStatuses('weird', 'delivery')).toEqual([]);
  });

  it('allows exactly the listed moves', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const allowed = nextOrderStatuses(from, 'delivery').includes(to);
        expect(checkStatusTransition(from, to, 'delivery').ok, `${from} → ${to}`).toBe(allowed);
      }
    }
  });

  it('refuses a jump with the pt-BR texts', () => {
    expect(checkStatusTransition('pending', 'delivered', 'delivery')).toEqual({
      ok: false,
      code: 'invalid_transition',
      title: 'Mudança de status não permitida',
      description: 'O pedido está "Pendente" e não pode passar para "Entregue".',
    });
    expect(checkStatusTransition('preparing', 'pending', 'pickup')).toMatchObject({
      description: 'O pedido está "Preparando" e não pode passar para "Pendente".',
    });
    expect(checkStatusTransition('confirmed', 'out_for_delivery', 'pickup')).toMatchObject({
      code: 'invalid_transition',
      description: 'Só pedidos de delivery saem para entrega.',
    });
    expect(checkStatusTransition('delivered', 'cancelled', 'delivery')).toEqual({
      ok: false,
      code: 'status_final',
      title: 'Mudança de status não permitida',
      description: 'Este pedido já está entregue e não muda mais de status.',
    });
    expect(checkStatusTransition('cancelled', 'pending', 'delivery')).toMatchObject({
      description: 'Este pedido já está cancelado e não muda mais de status.',
    });
  });
});

describe('open unpaid orders', () => {
  it('counts every status except delivered and cancelled as open', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['pending', 'preparing', 'confirmed', 'out_for_delivery']);
  });

  it('lets a customer have up to the maximum, then refuses with the pt-BR text', () => {
    expect(MAX_OPEN_UNPAID_ORDERS).toBe(3);
    expect(checkOpenUnpaidOrders(0)).toEqual({ ok: true });
    expect(checkOpenUnpaidOrders(2)).toEqual({ ok: true });
    expect(checkOpenUnpaidOrders(3)).toEqual({
      ok: false,
      code: 'too_many_open_orders',
      title: 'Muitos pedidos em aberto',
      description:
        'Você já tem 3 pedidos em andamento ainda não pagos. Aguarde a entrega de um deles ou fale com o restaurante.',
    });
    expect(checkOpenUnpaidOrders(7)).toMatchObject({ ok: false });
  });
});

describe('short ids', () => {
  const id = '3f2a9c1e-8b7d-4c6a-9e5f-0123456789ab';
  it('shows the first 8 characters on the storefront', () => {
    expect(shortIdStorefront(id)).toBe('3f2a9c1e');
  });
  it('shows the last 8 characters in the admin', () => {
    expect(shortIdAdmin(id)).toBe('456789ab');
  });
  it('copes with short ids', () => {
    expect(shortIdStorefront('abc')).toBe('abc');
    expect(shortIdAdmin('abc')).toBe('abc');
  });
});

describe('payment status', () => {
  it('labels the badge', () => {
    expect(paymentStatusLabel('approved')).toBe('pagamento aprovado');
    expect(paymentStatusLabel('failed')).toBe('pagamento falhou');
    expect(paymentStatusLabel('pending', 'pix')).toBe('pagamento pendente (pix)');
    expect(paymentStatusLabel('pending', 'PIX (QR Code)')).toBe('pagamento pendente · PIX (QR Code)');
    expect(paymentStatusLabel('pending')).toBe('pagamento pendente');
    expect(paymentStatusLabel('checking')).toBe('verificando...');
    expect(paymentStatusLabel('unknown')).toBe('status desconhecido');
    expect(paymentStatusLabel(null)).toBe('status desconhecido');
    expect(paymentStatusLabel('whatever')).toBe('status desconhecido');
  });
});

describe('delivery confirmation digits', () => {
  const phone = '(11) 98765-4321';

  it('strips non-digits and keeps at most 4', () => {
    expect(sanitizeDigitsInput('4a3-2 1 9')).toBe('4321');
    expect(sanitizeDigitsInput('12')).toBe('12');
  });

  it('accepts the last 4 digits of the phone', () => {
    expect(checkDeliveryDigits('4321', phone)).toEqual({ ok: true });
    expect(checkDeliveryDigits(' 4321 ', '+55 11 98765 4321')).toEqual({ ok: true });
  });

  it('requires the digits', () => {
    expect(checkDeliveryDigits('', phone)).toEqual({
      ok: false,
      code: 'digits_required',
      title: 'Digite os 4 últimos dígitos',
    });
    expect(checkDeliveryDigits('   ', phone)).toMatchObject({ code: 'digits_required' });
  });

  it('requires exactly 4 numeric digits', () => {
    const invalid = {
      ok: false,
      code: 'digits_format',
      title: 'Formato inválido',
      description: 'Digite apenas os 4 últimos números do telefone.',
    };
    expect(checkDeliveryDigits('432', phone)).toEqual(invalid);
    expect(checkDeliveryDigits('43210', phone)).toEqual(invalid);
    expect(checkDeliveryDigits('43a1', phone)).toEqual(invalid);
  });

  it('refuses digits that do not match', () => {
    const wrong = {
      ok: false,
      code: 'digits_mismatch',
      title: 'Telefone incorreto',
      description: 'Os 4 últimos dígitos do telefone não conferem.',
    };
    expect(checkDeliveryDigits('1234', phone)).toEqual(wrong);
    expect(checkDeliveryDigits('0123', null)).toEqual(wrong);
    expect(checkDeliveryDigits('0123', '123')).toEqual(wrong);
  });
});

describe('isAwaitingPayment', () => {
  const online = { status: 'pending', deliveryType: 'delivery', paymentStatus: 'pending', paymentCheckout: true };
  it('is a pending card/PIX order whose checkout is not paid', () => {
    expect(isAwaitingPayment(online)).toBe(true);
    expect(isAwaitingPayment({ ...online, paymentStatus: 'failed' })).toBe(true);
  });
  it('is not a paid, started, cash or PDV order', () => {
    expect(isAwaitingPayment({ ...online, paymentStatus: 'approved' })).toBe(false);
    expect(isAwaitingPayment({ ...online, status: 'preparing' })).toBe(false);
    expect(isAwaitingPayment({ ...online, paymentCheckout: false, paymentStatus: null })).toBe(false);
    expect(isAwaitingPayment({ ...online, deliveryType: 'pdv' })).toBe(false);
  });
});
