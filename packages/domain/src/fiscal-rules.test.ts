import { describe, expect, it } from 'vitest';
import {
  accessKey,
  checkBuyerDocument,
  defaultCfop,
  defaultCsosn,
  isValidAccessKey,
  mod11Digit,
  productFiscalProblems,
  prorate,
  tPagOf,
} from './fiscal-rules';

describe('CFOP and CSOSN', () => {
  it('defaults to 5101 (made on the premises), 5405 under substituição tributária', () => {
    expect(defaultCfop(null)).toBe('5101');
    expect(defaultCfop('102')).toBe('5101');
    expect(defaultCfop('500')).toBe('5405');
    expect(defaultCsosn('5405')).toBe('500');
    expect(defaultCsosn('5101')).toBe('102');
    expect(defaultCsosn(null)).toBe('102');
  });

  it('accepts a pizza and a canned soda as a restaurant fills them', () => {
    const base = { codigoNcm: '1905.90.90', codigoCest: null, csosnIcms: '102', origemMercadoria: 0, cfop: '5101' };
    expect(productFiscalProblems(base, true)).toEqual([]);
    expect(
      productFiscalProblems(
        { cfop: '5405', codigoNcm: '2202.10.00', codigoCest: '03.007.00', csosnIcms: '500', origemMercadoria: 0 },
        true,
      ),
    ).toEqual([]);
  });

  it('names each problem in pt-BR', () => {
    const problems = productFiscalProblems(
      { cfop: '5949', codigoNcm: '1234', codigoCest: '12', csosnIcms: '999', origemMercadoria: 9 },
      true,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'CFOP inválido: use 5101, 5102 ou 5405.',
        'NCM inválido: informe os 8 dígitos (0000.00.00).',
        'CEST inválido: informe os 7 dígitos (00.000.00).',
        'CSOSN inválido: use 101, 102, 103, 300, 400, 500 ou 900.',
        'Origem inválida: use um código de 0 a 8.',
      ]),
    );
    expect(
      productFiscalProblems({ cfop: '5405', codigoNcm: null, codigoCest: null, csosnIcms: '102', origemMercadoria: 0 }),
    ).toEqual(['CFOP 5405 (substituição tributária) pede o CSOSN 500.']);
    expect(
      productFiscalProblems({ cfop: null, codigoNcm: null, codigoCest: null, csosnIcms: '500', origemMercadoria: 0 }),
    ).toEqual(['Produto com substituição tributária (CSOSN 500) precisa do CEST.']);
    // The form checks what is filled in; a note needs the NCM.
    expect(
      productFiscalProblems({ cfop: null, codigoNcm: null, codigoCest: null, csosnIcms: null, origemMercadoria: null }),
    ).toEqual([]);
    expect(
      productFiscalProblems(
        { cfop: null, codigoNcm: null, codigoCest: null, csosnIcms: null, origemMercadoria: null },
        true,
      ),
    ).toHaveLength(1);
  });
});

describe('tPag', () => {
  it('maps the restaurant’s methods to SEFAZ codes', () => {
    expect(tPagOf('Dinheiro', 'static').tPag).toBe('01');
    expect(tPagOf('Cartão de Crédito', 'static').tPag).toBe('03');
    expect(tPagOf('Cartão de Débito', 'static').tPag).toBe('04');
    expect(tPagOf('PIX', 'static').tPag).toBe('20');
    expect(tPagOf('PIX (QR Code)', 'provider').tPag).toBe('17');
    expect(tPagOf('Vale-refeição', 'static').tPag).toBe('11');
    expect(tPagOf('Vale Alimentação', 'static').tPag).toBe('10');
    expect(tPagOf('Fiado', 'static')).toEqual({ tPag: '99', xPag: 'Fiado' });
  });
});

describe('prorate', () => {
  it('spreads a discount to the cent, the parts adding up to it', () => {
    expect(prorate([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    expect(prorate([3990, 300], 190)).toEqual([177, 13]);
    const parts = prorate([1, 2, 3, 4, 5, 6, 7], 13);
    expect(parts.reduce((s, v) => s + v, 0)).toBe(13);
    for (const [i, p] of parts.entries()) expect(p).toBeLessThanOrEqual(i + 1);
  });

  it('gives nothing without a discount and never more than the lines', () => {
    expect(prorate([500, 500], 0)).toEqual([0, 0]);
    expect(prorate([500, 500], 5000)).toEqual([500, 500]);
  });
});

describe('buyer document', () => {
  it('keeps a CPF, refuses a CNPJ with its own message, rejects nonsense', () => {
    expect(checkBuyerDocument('')).toEqual({ ok: true, cpf: null });
    expect(checkBuyerDocument('529.982.247-25')).toEqual({ ok: true, cpf: '52998224725' });
    const cnpj = checkBuyerDocument('11.222.333/0001-81');
    expect(cnpj.ok).toBe(false);
    expect(!cnpj.ok && cnpj.message).toMatch(/não pode ser emitida para CNPJ/);
    expect(checkBuyerDocument('111.111.111-11')).toEqual({
      ok: false,
      message: 'CPF inválido. Verifique os números do CPF.',
    });
  });
});

describe('chave de acesso', () => {
  it('computes the módulo 11 check digit of the SEFAZ manual’s example', () => {
    // Manual de Orientação do Contribuinte: 5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 1615.
    expect(mod11Digit('5206043300991100250655012000000780026730161')).toBe(5);
    expect(isValidAccessKey('52060433009911002506550120000007800267301615')).toBe(true);
    expect(isValidAccessKey('52060433009911002506550120000007800267301614')).toBe(false);
  });

  it('builds a 44-digit key whose last digit checks', () => {
    const key = accessKey({
      cUF: 35,
      issuedAt: new Date('2026-11-26T12:00:00Z'),
      cnpj: '11.222.333/0001-81',
      modelo: 65,
      serie: 1,
      numero: 42,
      tpEmis: 1,
      cNF: 12345678,
    });
    expect(key).toMatch(/^352611112223330001816500100000004211234567\d{2}$/);
    expect(key).toHaveLength(44);
    expect(isValidAccessKey(key)).toBe(true);
    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    expect(isValidAccessKey(wrong)).toBe(false);
  });

  it('follows the rule: rest 0 or 1 gives 0, else 11 − rest', () => {
    // 43 digits with weights 2..9 from the right: "1" at the end weighs 2 → sum 2 → 11 − 2 = 9.
    expect(mod11Digit(`${'0'.repeat(42)}1`)).toBe(9);
    // sum 10 → rest 10 → 1
    expect(mod11Digit(`${'0'.repeat(42)}5`)).toBe(1);
    // "11" at weights 3 and 2 → sum 5 → 6
    expect(mod11Digit(`${'0'.repeat(41)}11`)).toBe(6);
  });
});
