import { describe, expect, it } from 'vitest';
import { fail, MSG } from './messages';

describe('fail', () => {
  it('builds a failure with a code, a title and an optional description', () => {
    expect(fail('x', 'Título', 'Descrição')).toEqual({
      ok: false,
      code: 'x',
      title: 'Título',
      description: 'Descrição',
    });
    expect(fail('x', 'Título')).toEqual({ ok: false, code: 'x', title: 'Título' });
    expect('description' in fail('x', 'Título')).toBe(false);
  });
});

describe('MSG', () => {
  it('has no blank text', () => {
    for (const text of Object.values(MSG)) expect(text.trim()).not.toBe('');
  });

  it('keeps the spec texts word for word', () => {
    expect(MSG.allFieldsRequired).toBe('Todos os campos são obrigatórios para o cadastro.');
    expect(MSG.couponNotFound).toBe('Cupom não encontrado ou expirado.');
    expect(MSG.stateNotServed).toBe('Este estado não está em nossa área de atendimento...');
    expect(MSG.fillRequiredFields).toBe('Preencha todos os campos obrigatórios.');
    expect(MSG.fillRequiredFieldsStaff).toBe('Preencha todos os campos obrigatórios');
  });
});
