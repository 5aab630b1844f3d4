import { parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { checkPixSettings, normalizePixKey, type PixSettings, pixBrCode, pixSettingsOf, pixTxid } from './pix';
import { crc16 } from './testing/br-code-oracle';

/** Example static BR Code of the Banco Central's "Manual de Padrões para Iniciação do Pix". */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const bcbSettings: PixSettings = {
  key: '123e4567-e12b-12d1-a456-426655440000',
  keyType: 'random',
  merchantName: 'Fulano de Tal',
  merchantCity: 'BRASILIA',
};

describe('pixBrCode', () => {
  it('our CRC16 reproduces the manual example checksum', () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });

  it('produces the manual example field by field, with an amount and txid added and a valid CRC', () => {
    const code = pixBrCode(bcbSettings, 1250, 'PDV42');
    const body = [
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
      '52040000',
      '5303986',
      '540512.50',
      '5802BR',
      '5913FULANO DE TAL',
      '6008BRASILIA',
      '62090505PDV42',
      '6304',
    ].join('');
    expect(code).toBe(`${body}${crc16(body)}`);
    expect(code!.slice(-4)).toBe(crc16(code!.slice(0, -4)));
  });

  it('without the amount and txid fields it is the manual example (name upper-cased as banks expect)', () => {
    const manual = BCB_EXAMPLE.replace('Fulano de Tal', 'FULANO DE TAL').slice(0, -4);
    const parsed = parsePix(`${manual}${crc16(manual)}`);
    expect(parsed).toMatchObject({ type: 'STATIC', pixKey: bcbSettings.key, merchantCity: 'BRASILIA', txid: '***' });
  });

  it('round-trips through a parser: key, amount, txid, accents removed', () => {
    const code = pixBrCode(
      { key: '+5511987654321', keyType: 'phone', merchantName: 'Pizzaria São João', merchantCity: 'São Paulo' },
      4590,
      pixTxid(123),
    );
    expect(parsePix(code!)).toMatchObject({
      pixKey: '+5511987654321',
      transactionAmount: 45.9,
      txid: 'PDV123',
      merchantName: 'PIZZARIA SAO JOAO',
      merchantCity: 'SAO PAULO',
    });
  });

  it('refuses a zero or fractional amount', () => {
    expect(pixBrCode(bcbSettings, 0, 'PDV1')).toBeNull();
    expect(pixBrCode(bcbSettings, 10.5, 'PDV1')).toBeNull();
  });
});

describe('pixTxid', () => {
  it('names the sale with letters and digits only, at most 25', () => {
    expect(pixTxid(42)).toBe('PDV42');
    expect(pixTxid('a1b2-c3d4_e5f6:g7h8.i9j0-k1l2m3n4o5')).toBe('PDVa1b2c3d4e5f6g7h8i9j0k1');
    expect(pixTxid('a1b2-c3d4_e5f6:g7h8.i9j0-k1l2m3n4o5')).toHaveLength(25);
  });
});

describe('PIX keys', () => {
  it('normalizes each key type and refuses invalid keys', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toBe('52998224725');
    expect(normalizePixKey('cpf', '111.111.111-11')).toBeNull();
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizePixKey('cnpj', '11.222.333/0001-80')).toBeNull();
    expect(normalizePixKey('email', ' Caixa@Loja.com.br ')).toBe('caixa@loja.com.br');
    expect(normalizePixKey('email', 'caixa@')).toBeNull();
    expect(normalizePixKey('phone', '(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '+55 11 98765-4321')).toBe('+5511987654321');
    expect(normalizePixKey('phone', '98765-4321')).toBeNull();
    expect(normalizePixKey('random', '123E4567-E12B-12D1-A456-426655440000')).toBe(
      '123e4567-e12b-12d1-a456-426655440000',
    );
    expect(normalizePixKey('random', 'not-a-key')).toBeNull();
  });

  it('checks the settings form', () => {
    expect(
      checkPixSettings({ key: '529.982.247-25', keyType: 'cpf', merchantName: 'Loja', merchantCity: 'Campinas' }),
    ).toEqual({
      ok: true,
      settings: { key: '52998224725', keyType: 'cpf', merchantName: 'Loja', merchantCity: 'Campinas' },
    });
    expect(
      checkPixSettings({ key: '529.982.247-25', keyType: 'cnpj', merchantName: 'Loja', merchantCity: 'X' }),
    ).toMatchObject({
      title: 'Chave PIX inválida',
    });
    expect(checkPixSettings({ key: 'x', keyType: 'boleto', merchantName: 'Loja', merchantCity: 'X' })).toMatchObject({
      code: 'invalid_pix_key_type',
    });
    expect(
      checkPixSettings({ key: '52998224725', keyType: 'cpf', merchantName: 'A'.repeat(26), merchantCity: 'X' }),
    ).toMatchObject({
      code: 'invalid_pix_name',
    });
    expect(
      checkPixSettings({ key: '52998224725', keyType: 'cpf', merchantName: 'Loja', merchantCity: '' }),
    ).toMatchObject({
      code: 'invalid_pix_city',
    });
  });
});

describe('pixSettingsOf', () => {
  it('answers the settings only when key, type, name and city are all there', () => {
    const row = { pixKey: '52998224725', pixKeyType: 'cpf', pixMerchantName: 'Loja', pixMerchantCity: 'Campinas' };
    expect(pixSettingsOf(row)).toEqual({
      key: '52998224725',
      keyType: 'cpf',
      merchantName: 'Loja',
      merchantCity: 'Campinas',
    });
    expect(pixSettingsOf({ ...row, pixKey: null })).toBeNull();
    expect(pixSettingsOf({ ...row, pixKeyType: 'boleto' })).toBeNull();
    expect(pixSettingsOf({ ...row, pixMerchantCity: '' })).toBeNull();
  });
});
