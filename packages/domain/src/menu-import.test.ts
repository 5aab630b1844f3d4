import { describe, expect, it } from 'vitest';
import { MENU_IMPORT_MAX_ROWS, MENU_IMPORT_TEMPLATE_CSV, parseCsv, readMenuRows } from './menu-import';

describe('parseCsv', () => {
  it('reads semicolon CSV with quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFNome;Preço\r\n"Pizza; grande";"45,90"\r\n"Diz ""oi""";1\r\n')).toEqual([
      ['Nome', 'Preço'],
      ['Pizza; grande', '45,90'],
      ['Diz "oi"', '1'],
    ]);
  });
  it('takes the comma when the header uses it', () => {
    expect(parseCsv('Nome,Preço\nPudim,"12,50"')).toEqual([
      ['Nome', 'Preço'],
      ['Pudim', '12,50'],
    ]);
  });
});

describe('readMenuRows', () => {
  it('reads the template into valid lines, sizes and categories included', () => {
    const { fileError, lines } = readMenuRows(parseCsv(MENU_IMPORT_TEMPLATE_CSV));
    expect(fileError).toBeNull();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      line: 2,
      name: 'Pizza Margherita',
      description: 'Molho de tomate, muçarela e manjericão',
      price: 4590,
      category: 'Pizzas',
      sizes: [
        { name: 'Broto', priceModifier: 0 },
        { name: 'Média', priceModifier: 1000 },
        { name: 'Grande', priceModifier: 2000 },
      ],
      errors: [],
    });
    expect(lines[1]).toMatchObject({ name: 'Coca-Cola 2L', description: null, price: 1400, sizes: [] });
  });

  it('matches headers ignoring accents and case, and takes spreadsheet numbers as reais', () => {
    const { lines } = readMenuRows([
      ['PRECO', 'nome', 'CATEGORIA'],
      [45.9, 'Calzone', 'Massas'],
    ]);
    expect(lines[0]).toMatchObject({ name: 'Calzone', price: 4590, category: 'Massas', errors: [] });
  });

  it('says what is wrong on each line, in pt-BR', () => {
    const { lines } = readMenuRows([
      ['Nome', 'Preço', 'Tamanhos'],
      ['', '10,00', ''],
      ['Pizza', 'dez reais', ''],
      ['Suco', '0', ''],
      ['Água', '', ''],
      ['pizza', '20', 'Grande=muito'],
      [null, null, null],
      ['Chá', '5', '=2'],
    ]);
    expect(lines.map((l) => [l.line, l.errors])).toEqual([
      [2, ['Informe o nome do produto.']],
      [3, ['Preço inválido: "dez reais" (use 45,90).']],
      [4, ['O preço deve ser maior que zero.']],
      [5, ['Informe o preço.']],
      [6, ['Produto repetido na planilha (linha 3).', 'Tamanho Grande: acréscimo inválido (use 10,00).']],
      [8, ['Tamanho sem nome em "=2".']],
    ]);
  });

  it('refuses a sheet without the Nome and Preço columns, an empty one and one too long', () => {
    expect(readMenuRows([['Produto', 'Categoria']]).fileError).toBe(
      'A planilha precisa das colunas Nome e Preço na primeira linha (baixe o modelo).',
    );
    expect(
      readMenuRows([
        ['Nome', 'Preço'],
        ['', ''],
      ]).fileError,
    ).toBe('A planilha não tem produtos abaixo do cabeçalho.');
    const many = [['Nome', 'Preço'], ...Array.from({ length: MENU_IMPORT_MAX_ROWS + 1 }, (_, i) => [`P${i}`, '1'])];
    expect(readMenuRows(many).fileError).toBe('A planilha tem 501 produtos; importe no máximo 500 por arquivo.');
  });
});
