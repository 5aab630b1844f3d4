import { describe, expect, it } from 'vitest';
import { ptBrIssueMessage } from './zod-messages';

describe('ptBrIssueMessage', () => {
  it('names the field in Portuguese, with the right ending', () => {
    expect(ptBrIssueMessage({ code: 'too_big', input: 40, path: ['birthDay'] })).toBe('Dia de aniversário inválido');
    expect(ptBrIssueMessage({ code: 'invalid_type', input: 'x', path: ['items', 0, 'quantity'] })).toBe(
      'Quantidade inválida',
    );
    expect(ptBrIssueMessage({ code: 'invalid_type', input: undefined, path: ['phone'] })).toBe(
      'Telefone é obrigatório',
    );
    expect(ptBrIssueMessage({ code: 'invalid_type', input: '', path: ['city'] })).toBe('Cidade é obrigatória');
  });
  it('never shows an unknown field name', () => {
    expect(ptBrIssueMessage({ code: 'invalid_type', input: 1, path: ['fooBar'] })).toBe(
      'Verifique os campos e tente novamente.',
    );
    expect(ptBrIssueMessage({ code: 'invalid_type', input: undefined, path: [] })).toBe('Campo obrigatório');
  });
});
