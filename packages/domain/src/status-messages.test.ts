import { describe, expect, it } from 'vitest';
import {
  checkStatusTemplate,
  DEFAULT_STATUS_TEMPLATES,
  greetingName,
  isStatusMessageStatus,
  renderStatusMessage,
  resolveStatusMessages,
  statusMessageKind,
  unknownPlaceholders,
} from './status-messages';

describe('resolveStatusMessages', () => {
  it('fills in the defaults: every message on, default texts', () => {
    expect(resolveStatusMessages(null)).toEqual({
      preparing: { enabled: true, template: DEFAULT_STATUS_TEMPLATES.preparing },
      out_for_delivery: { enabled: true, template: DEFAULT_STATUS_TEMPLATES.out_for_delivery },
      delivered: { enabled: true, template: DEFAULT_STATUS_TEMPLATES.delivered },
    });
  });

  it('keeps what was stored and ignores malformed entries', () => {
    const s = resolveStatusMessages({
      preparing: { enabled: false, template: 'Aceito #{numero}' },
      out_for_delivery: { enabled: 'sim', template: '   ' },
      delivered: 'x',
      cancelled: { enabled: true, template: 'nunca' },
    });
    expect(s.preparing).toEqual({ enabled: false, template: 'Aceito #{numero}' });
    expect(s.out_for_delivery).toEqual({ enabled: true, template: DEFAULT_STATUS_TEMPLATES.out_for_delivery });
    expect(s.delivered.enabled).toBe(true);
    expect(Object.keys(s)).toEqual(['preparing', 'out_for_delivery', 'delivered']);
  });
});

describe('renderStatusMessage', () => {
  it('replaces every placeholder, the name by its first word', () => {
    const text = renderStatusMessage('{nome}, pedido #{numero} ({status}) em {restaurante}: {link}', {
      customerName: '  Maria  Souza ',
      number: 42,
      status: 'out_for_delivery',
      link: 'https://loja.test/customer',
      restaurantName: 'Pizzaria Bella',
    });
    expect(text).toBe('Maria, pedido #42 (Saiu para Entrega) em Pizzaria Bella: https://loja.test/customer');
  });

  it('renders the default texts without any placeholder left', () => {
    for (const status of ['preparing', 'out_for_delivery', 'delivered'] as const) {
      const text = renderStatusMessage(DEFAULT_STATUS_TEMPLATES[status], {
        customerName: 'João',
        number: 7,
        status,
        link: 'http://x/customer',
        restaurantName: 'R',
      });
      expect(text).toContain('#7');
      expect(text).toContain('João');
      expect(text).not.toMatch(/\{\w+\}/);
    }
  });

  it('leaves unknown braces as typed', () => {
    expect(
      renderStatusMessage('Oi {cliente} #{numero}', {
        customerName: 'Ana',
        number: 1,
        status: 'delivered',
        link: '',
        restaurantName: '',
      }),
    ).toBe('Oi {cliente} #1');
  });
});

describe('checkStatusTemplate', () => {
  it('accepts known placeholders and refuses empty, long or misspelled templates', () => {
    expect(checkStatusTemplate('preparing', 'Pedido #{numero} {status} {link} {nome} {restaurante}')).toEqual({
      ok: true,
    });
    expect(checkStatusTemplate('preparing', '  ')).toMatchObject({ code: 'template_required' });
    expect(checkStatusTemplate('delivered', 'x'.repeat(1001))).toMatchObject({ code: 'template_too_long' });
    const typo = checkStatusTemplate('out_for_delivery', 'Pedido #{nmero} {nmero} {x}');
    expect(typo).toMatchObject({ code: 'unknown_placeholder', title: 'Marcador desconhecido' });
    expect(typo.ok === false && typo.description).toContain('{nmero}, {x}');
    expect(unknownPlaceholders('{numero} {link}')).toEqual([]);
  });
});

describe('kinds', () => {
  it('one outbox kind per status; only accepted, out for delivery and delivered', () => {
    expect(statusMessageKind('preparing')).toBe('status_preparing');
    expect(isStatusMessageStatus('delivered')).toBe(true);
    expect(isStatusMessageStatus('confirmed')).toBe(false);
    expect(isStatusMessageStatus('cancelled')).toBe(false);
  });
});

describe('greetingName', () => {
  it('keeps a plain first name and sends nothing else the customer typed', () => {
    expect(greetingName('  Maria   Souza ')).toBe('Maria');
    expect(greetingName("D'Ávila")).toBe("D'Ávila");
    for (const typed of [
      'http://golpe.example',
      'R$500 grátis',
      '11987654321',
      'www.pix-gratis.com',
      '',
      'A'.repeat(21),
    ])
      expect(greetingName(typed)).toBe('cliente');
  });

  it('is what {nome} renders to', () => {
    expect(
      renderStatusMessage('Olá, {nome}!', {
        customerName: 'https://bit.ly/x Maria',
        number: 1,
        status: 'preparing',
        link: 'https://loja',
        restaurantName: 'Loja',
      }),
    ).toBe('Olá, cliente!');
  });
});
