import { describe, expect, it } from 'vitest';
import {
  addressEntrySchema,
  canAddAddress,
  customerLoginSchema,
  customerRegistrationSchema,
  firstIssueMessage,
  loginSchema,
  passwordRecoverySchema,
  reviewSchema,
  staffSignUpFormSchema,
  staffSignUpSchema,
} from './validation';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const ALL_REQUIRED = 'Todos os campos são obrigatórios para o cadastro.';

describe('customerRegistrationSchema', () => {
  const valid = {
    name: ' Ana Souza ',
    phone: '(11) 98765-4321',
    email: ' Ana@Mail.COM ',
    password: 'segredo',
    address: 'Rua A',
    number: '10',
    neighborhood: 'Centro',
    city: 'São Paulo',
    cep: '01310-100',
  };

  it('accepts a complete sign-up, trims, lower-cases the e-mail and defaults the state to SP', () => {
    const parsed = customerRegistrationSchema.parse(valid);
    expect(parsed).toMatchObject({ name: 'Ana Souza', email: 'ana@mail.com', state: 'SP' });
    expect(parsed.complement).toBeUndefined();
    expect(parsed.birthDay).toBeUndefined();
    expect(parsed.birthMonth).toBeUndefined();
  });

  it.each(['name', 'phone', 'email', 'password', 'address', 'number', 'neighborhood', 'city', 'cep'])(
    'requires %s',
    (field) => {
      expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, [field]: '' }))).toBe(ALL_REQUIRED);
      const { [field]: _omitted, ...without } = valid as Record<string, string>;
      expect(messageOf(customerRegistrationSchema.safeParse(without))).toBe(ALL_REQUIRED);
    },
  );

  it('treats blank text as missing', () => {
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, name: '   ' }))).toBe(ALL_REQUIRED);
  });

  it('needs a password of at least 6 characters', () => {
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, password: '12345' }))).toBe(
      'A senha deve ter pelo menos 6 caracteres',
    );
    expect(customerRegistrationSchema.safeParse({ ...valid, password: '123456' }).success).toBe(true);
  });

  it('refuses a malformed e-mail', () => {
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, email: 'ana@' }))).toBe(
      'Informe um e-mail válido.',
    );
  });

  it('accepts an optional birthday within 1–31 / 1–12, from numbers or form strings', () => {
    expect(customerRegistrationSchema.parse({ ...valid, birthDay: '31', birthMonth: 12 })).toMatchObject({
      birthDay: 31,
      birthMonth: 12,
    });
    expect(customerRegistrationSchema.parse({ ...valid, birthDay: '', birthMonth: null })).toMatchObject({
      birthDay: undefined,
      birthMonth: undefined,
    });
  });

  it('refuses a birthday out of range', () => {
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, birthDay: 0 }))).toBe(
      'Dia de aniversário inválido.',
    );
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, birthDay: 32 }))).toBe(
      'Dia de aniversário inválido.',
    );
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, birthDay: 1.5 }))).toBe(
      'Dia de aniversário inválido.',
    );
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, birthMonth: 13 }))).toBe(
      'Mês de aniversário inválido.',
    );
    expect(messageOf(customerRegistrationSchema.safeParse({ ...valid, birthMonth: 'abc' }))).toBe(
      'Mês de aniversário inválido.',
    );
  });

  it('keeps a given complement and state', () => {
    expect(customerRegistrationSchema.parse({ ...valid, complement: ' Apto 3 ', state: 'rj' })).toMatchObject({
      complement: 'Apto 3',
      state: 'RJ',
    });
    expect(customerRegistrationSchema.parse({ ...valid, complement: '  ', state: '' })).toMatchObject({
      complement: undefined,
      state: 'SP',
    });
  });
});

describe('loginSchema', () => {
  it('is the customer login schema too', () => {
    expect(customerLoginSchema).toBe(loginSchema);
  });

  it('trims and lower-cases the e-mail but keeps the password as typed', () => {
    expect(loginSchema.parse({ email: '  Ana@Mail.COM ', password: ' pass ' })).toEqual({
      email: 'ana@mail.com',
      password: ' pass ',
    });
  });

  it('requires both e-mail and password', () => {
    const msg = 'E-mail e senha são obrigatórios';
    expect(messageOf(loginSchema.safeParse({ email: '', password: 'x' }))).toBe(msg);
    expect(messageOf(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(msg);
    expect(messageOf(loginSchema.safeParse({}))).toBe(msg);
  });
});

describe('passwordRecoverySchema', () => {
  it('requires the e-mail', () => {
    expect(passwordRecoverySchema.parse({ email: ' A@B.CO ' })).toEqual({ email: 'a@b.co' });
    expect(messageOf(passwordRecoverySchema.safeParse({ email: '' }))).toBe('Informe seu e-mail.');
  });
});

describe('addressEntrySchema', () => {
  const valid = { name: 'Casa', address: 'Rua A', number: '10', neighborhood: 'Centro', cep: '01310-100' };
  const msg = 'Preencha todos os campos obrigatórios.';

  it('accepts an entry with optional complement and city', () => {
    expect(addressEntrySchema.parse(valid)).toEqual({ ...valid, complement: null, city: null, state: null });
    expect(addressEntrySchema.parse({ ...valid, city: 'São Paulo' }).city).toBe('São Paulo');
    // Blank clears: an edit that empties the complement stores null, not "unchanged".
    expect(addressEntrySchema.parse({ ...valid, complement: '  ' }).complement).toBeNull();
  });

  it.each(['name', 'address', 'number', 'neighborhood', 'cep'])('requires %s', (field) => {
    expect(messageOf(addressEntrySchema.safeParse({ ...valid, [field]: ' ' }))).toBe(msg);
  });

  it('allows at most 4 saved addresses', () => {
    expect(canAddAddress(0)).toBe(true);
    expect(canAddAddress(3)).toBe(true);
    expect(canAddAddress(4)).toBe(false);
    expect(canAddAddress(5)).toBe(false);
  });
});

describe('reviewSchema', () => {
  const valid = { rating: 5, customerName: 'Ana', customerEmail: 'ana@mail.com' };

  it('accepts a review with an optional comment', () => {
    expect(reviewSchema.parse({ ...valid, comment: ' Ótimo! ' })).toEqual({ ...valid, comment: 'Ótimo!' });
  });

  it('takes a comment of up to 2000 characters', () => {
    expect(reviewSchema.safeParse({ ...valid, comment: 'a'.repeat(2000) }).success).toBe(true);
    expect(reviewSchema.safeParse({ ...valid, comment: 'a'.repeat(2001) }).success).toBe(false);
  });

  it('requires a rating from 1 to 5', () => {
    const msg = 'Por favor, selecione uma avaliação';
    for (const rating of [0, 6, 2.5, undefined, 'x', '3']) {
      expect(messageOf(reviewSchema.safeParse({ ...valid, rating }))).toBe(msg);
    }
  });

  it('requires name and e-mail', () => {
    expect(messageOf(reviewSchema.safeParse({ ...valid, customerName: '' }))).toBe(
      'Preencha todos os campos obrigatórios.',
    );
    expect(messageOf(reviewSchema.safeParse({ ...valid, customerEmail: '' }))).toBe(
      'Preencha todos os campos obrigatórios.',
    );
  });
});

describe('staffSignUpSchema', () => {
  const valid = { name: 'João', email: 'Joao@Pizza.com', password: '12345678' };

  it('accepts a sign-up with an optional company name', () => {
    expect(staffSignUpSchema.parse(valid)).toEqual({ ...valid, email: 'joao@pizza.com', companyName: undefined });
    expect(staffSignUpSchema.parse({ ...valid, companyName: ' Pizza do João ' }).companyName).toBe('Pizza do João');
  });

  it('needs a password of at least 8 characters', () => {
    expect(messageOf(staffSignUpSchema.safeParse({ ...valid, password: '1234567' }))).toBe(
      'A senha deve ter pelo menos 8 caracteres',
    );
  });

  it('requires name, e-mail and password', () => {
    for (const field of ['name', 'email', 'password']) {
      expect(messageOf(staffSignUpSchema.safeParse({ ...valid, [field]: '' }))).toBe(
        'Preencha todos os campos obrigatórios',
      );
    }
  });

  it("keeps the restaurant's CEP as digits and refuses one outside Brazil's ranges", () => {
    expect(staffSignUpSchema.parse({ ...valid, cep: '30130-010', city: ' Belo Horizonte ' })).toMatchObject({
      cep: '30130010',
      city: 'Belo Horizonte',
    });
    for (const cep of ['3013', '00000-000', 'abc']) {
      expect(messageOf(staffSignUpSchema.safeParse({ ...valid, cep }))).toBe(
        'Informe o CEP do restaurante (8 dígitos).',
      );
    }
  });

  it('the sign-up form asks for the CEP', () => {
    expect(messageOf(staffSignUpFormSchema.safeParse(valid))).toBe('Informe o CEP do restaurante (8 dígitos).');
    expect(messageOf(staffSignUpFormSchema.safeParse({ ...valid, cep: '' }))).toBe(
      'Informe o CEP do restaurante (8 dígitos).',
    );
    expect(staffSignUpFormSchema.parse({ ...valid, cep: '01310-100' }).cep).toBe('01310100');
  });
});

describe('firstIssueMessage', () => {
  it('gives the first message of a failed parse', () => {
    const result = loginSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe('E-mail e senha são obrigatórios');
  });
});
