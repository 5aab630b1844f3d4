import { normalizeText } from './delivery';
import { parseBRLInput } from './money';

/**
 * A menu from a spreadsheet (CSV or XLSX): one product per row under the columns of the template —
 * Nome, Descrição, Preço, Categoria, Tamanhos. The rows are checked line by line with pt-BR reasons,
 * so the owner sees every problem before anything is written.
 */

/** Most products one file may bring. */
export const MENU_IMPORT_MAX_ROWS = 500;
/** Largest file accepted, in bytes. */
export const MENU_IMPORT_MAX_BYTES = 1024 * 1024;
/** Highest price a row may carry, in centavos (R$ 1.000.000,00), as the product form allows. */
const MAX_PRICE = 100_000_000;

/** The template offered for download: semicolons, as a Brazilian spreadsheet saves CSV. */
export const MENU_IMPORT_TEMPLATE_CSV = [
  'Nome;Descrição;Preço;Categoria;Tamanhos',
  'Pizza Margherita;Molho de tomate, muçarela e manjericão;45,90;Pizzas;Broto=0 | Média=10,00 | Grande=20,00',
  'Coca-Cola 2L;;14,00;Bebidas;',
  'Pudim;Pudim de leite condensado;12,50;Sobremesas;',
].join('\r\n');

export type ImportedSize = { name: string; priceModifier: number };

export type MenuImportLine = {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  line: number;
  name: string;
  description: string | null;
  /** Centavos; null when the cell could not be read. */
  price: number | null;
  category: string | null;
  sizes: ImportedSize[];
  /** Why the row cannot be imported, in pt-BR; empty when it can. */
  errors: string[];
};

export type MenuImportRows = { fileError: string | null; lines: MenuImportLine[] };

/** A cell as a CSV or XLSX reader gives it: text, a number, a boolean, a date or nothing. */
type Cell = unknown;
type Field = 'name' | 'description' | 'price' | 'category' | 'sizes';

const HEADERS: Record<string, Field> = {
  nome: 'name',
  produto: 'name',
  descricao: 'description',
  preco: 'price',
  valor: 'price',
  categoria: 'category',
  tamanhos: 'sizes',
  tamanho: 'sizes',
};

const text = (cell: Cell) => (cell === null || cell === undefined ? '' : String(cell).trim());

/** A price cell as centavos: a spreadsheet number (45.9) or pt-BR text ('45,90', 'R$ 1.234,56'). */
function priceOf(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) && cell >= 0 ? Math.round(cell * 100) : null;
  return parseBRLInput(text(cell));
}

/** 'Broto=0 | Média=10,00 | Grande' → sizes with their extra price (none written = no extra); ';' also separates. */
function sizesOf(cell: Cell, errors: string[]): ImportedSize[] {
  const sizes: ImportedSize[] = [];
  for (const part of text(cell).split(/[;|]/)) {
    if (!part.trim()) continue;
    const [rawName, ...rest] = part.split('=');
    const name = rawName.trim();
    const priceText = rest.join('=').trim();
    const priceModifier = priceText ? parseBRLInput(priceText) : 0;
    if (!name) errors.push(`Tamanho sem nome em "${part.trim()}".`);
    else if (priceModifier === null) errors.push(`Tamanho ${name}: acréscimo inválido (use 10,00).`);
    else sizes.push({ name, priceModifier });
  }
  return sizes;
}

/**
 * Reads a sheet (its first row the header) into import lines. Blank rows are skipped; a missing Nome
 * or Preço column, an empty sheet or more than MENU_IMPORT_MAX_ROWS products is a file error. Each
 * line needs a name and a price above zero; a name repeated in the file is refused on its second row.
 */
export function readMenuRows(rows: readonly (readonly Cell[])[]): MenuImportRows {
  const [header = [], ...body] = rows;
  const columns = new Map<Field, number>();
  header.forEach((cell, index) => {
    const field = HEADERS[normalizeText(text(cell))];
    if (field && !columns.has(field)) columns.set(field, index);
  });
  if (!columns.has('name') || !columns.has('price'))
    return { fileError: 'A planilha precisa das colunas Nome e Preço na primeira linha (baixe o modelo).', lines: [] };

  const cell = (row: readonly Cell[], field: Field) => {
    const index = columns.get(field);
    return index === undefined ? undefined : row[index];
  };
  const filled = body
    .map((row, index) => ({ row, line: index + 2 }))
    .filter(({ row }) => row.some((c) => text(c) !== ''));
  if (filled.length === 0) return { fileError: 'A planilha não tem produtos abaixo do cabeçalho.', lines: [] };
  if (filled.length > MENU_IMPORT_MAX_ROWS)
    return {
      fileError: `A planilha tem ${filled.length} produtos; importe no máximo ${MENU_IMPORT_MAX_ROWS} por arquivo.`,
      lines: [],
    };

  const seen = new Map<string, number>();
  const lines = filled.map(({ row, line }): MenuImportLine => {
    const errors: string[] = [];
    const name = text(cell(row, 'name')).replace(/\s+/g, ' ');
    const priceCell = cell(row, 'price');
    const price = priceOf(priceCell);
    if (!name) errors.push('Informe o nome do produto.');
    else if (name.length > 200) errors.push('Nome muito longo (até 200 caracteres).');
    if (text(priceCell) === '') errors.push('Informe o preço.');
    else if (price === null) errors.push(`Preço inválido: "${text(priceCell)}" (use 45,90).`);
    else if (price <= 0) errors.push('O preço deve ser maior que zero.');
    else if (price > MAX_PRICE) errors.push('Preço acima de R$ 1.000.000,00.');
    const key = normalizeText(name);
    const first = seen.get(key);
    if (name && first !== undefined) errors.push(`Produto repetido na planilha (linha ${first}).`);
    else if (name) seen.set(key, line);
    const description = text(cell(row, 'description')) || null;
    if (description && description.length > 2000) errors.push('Descrição muito longa (até 2.000 caracteres).');
    const category = text(cell(row, 'category')).replace(/\s+/g, ' ') || null;
    if (category && category.length > 120) errors.push('Nome de categoria muito longo (até 120 caracteres).');
    const sizes = sizesOf(cell(row, 'sizes'), errors);
    return { line, name, description, price, category, sizes, errors };
  });
  return { fileError: null, lines };
}

/**
 * A CSV file's rows: ';' or ',' as the separator (whichever the header uses more), quoted fields with
 * "" for a quote, CRLF or LF line ends, a UTF-8 byte-order mark ignored.
 */
export function parseCsv(input: string): string[][] {
  const source = input.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
