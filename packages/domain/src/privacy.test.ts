import { describe, expect, it } from 'vitest';
import { anonymisedEmail, type CustomerDataExport, customerDataCsv, pseudonymFor, requestDeadline } from './privacy';

const ID = '3f2a9c1e-0b7d-4e11-9a55-1c2d3e4f5a6b';

describe('privacy rules', () => {
  it('answers a request within 15 days (LGPD art. 19)', () => {
    expect(requestDeadline(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-12-11T10:00:00.000Z');
  });

  it('gives a deleted account one pseudonym and an undeliverable unique e-mail', () => {
    expect(pseudonymFor(ID)).toBe('Cliente removido #3F2A9C1E');
    expect(anonymisedEmail(ID)).toBe(`removido-${ID}@anonimo.invalid`);
    expect(pseudonymFor(ID)).not.toContain('@');
  });
});

describe('customerDataCsv', () => {
  const data = {
    generatedAt: '2026-11-26T10:00:00.000Z',
    restaurant: { name: 'Pizzaria' },
    profile: { id: ID, name: '=HYPERLINK("x")', email: 'a@b.com', phone: '11 9', birthDay: null },
    addresses: [{ name: 'Casa', address: 'Rua A; 10' }],
    orders: [{ number: 7, items: [{ name: 'Pizza', quantity: 2 }] }],
    reviews: [],
    chat: [{ from: 'Você', message: 'linha 1\nlinha 2' }],
    consents: [{ purpose: 'marketing', granted: true, version: 'marketing-v1' }],
    requests: [],
  } as unknown as CustomerDataExport;
  const csv = customerDataCsv(data);
  const lines = csv.slice(1).split('\r\n');

  it('opens in a pt-BR spreadsheet: BOM, header, one line per field', () => {
    expect(csv.startsWith('\uFEFFSeção;Registro;Campo;Valor\r\n')).toBe(true);
    expect(lines).toContain('Perfil;1;email;a@b.com');
    expect(lines).toContain('Pedidos;1;items[1].quantity;2');
    expect(lines).toContain('Consentimentos;1;granted;true');
  });

  it('never lets a value run as a formula or break a line or column', () => {
    expect(lines).toContain(`Perfil;1;name;"'=HYPERLINK(""x"")"`);
    expect(lines).toContain('Endereços;1;address;"Rua A; 10"');
    expect(csv).toContain('Conversas;1;message;"linha 1\nlinha 2"');
    expect(lines).toContain('Perfil;1;birthDay;');
  });
});
