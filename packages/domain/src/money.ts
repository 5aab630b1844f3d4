/**
 * Money is always an integer number of centavos. Reais only appear at the edges: what a person
 * types, what a person reads, and what an external provider insists on.
 */

/**
 * Formats centavos as Brazilian reais, e.g. 123456 → 'R$ 1.234,56', '-R$ 5,00' — what
 * `Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })` prints, with a plain space after
 * 'R$' instead of its non-breaking one, so that tests, snapshots and text searches (Playwright
 * `getByText`) see the same string the UI shows. Written out rather than through Intl: building that
 * formatter loads the locale's data, about 15 ms of a phone's first render of a menu.
 */
export function formatBRL(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const reais = groupThousands(Math.floor(whole / 100));
  const centavos = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}R$ ${reais},${centavos}`;
}

/** Centavos as a person types them into a money field: 1250 → '12,50' (prefills and edits). */
export function centsText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** A whole number with pt-BR thousands dots: 2069 → '2.069'. */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Centavos → reais as a number, for providers that want reais (never for arithmetic). */
export function centsToReais(cents: number): number {
  return cents / 100;
}

/**
 * Converts reais to centavos, rounding half away from zero to the nearest centavo.
 * Goes through 12 significant digits first because binary floats make 1.005 × 100 = 100.4999…,
 * which would otherwise round the wrong way.
 * @throws RangeError when the value is not a finite number (a programming error, not user input).
 */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`reaisToCents: not a finite number: ${reais}`);
  const scaled = Number.parseFloat((Math.abs(reais) * 100).toPrecision(12));
  const cents = Math.round(scaled);
  return reais < 0 && cents !== 0 ? -cents : cents;
}

const GROUPED: Record<',' | '.', RegExp> = {
  ',': /^\d{1,3}(,\d{3})+$/,
  '.': /^\d{1,3}(\.\d{3})+$/,
};

function integerPart(text: string, thousandsSep: ',' | '.'): number | null {
  if (text === '') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  if (GROUPED[thousandsSep].test(text)) return Number(text.split(thousandsSep).join(''));
  return null;
}

/**
 * Parses what a person typed as a money amount and returns centavos, or null when it is not a
 * valid non-negative amount. Accepts '12,50', '12.50', '1.234,56', '1,234.56', '1234', ',5' and an
 * optional 'R$'. At most two decimals.
 *
 * Ambiguity: with a single '.' followed by exactly three digits ('1.234') the dot is read as the
 * pt-BR thousands separator (R$ 1.234,00), because that is how Brazilians write prices; '12.50'
 * and '12.5' are decimals.
 */
export function parseBRLInput(input: string): number | null {
  const s = input
    .trim()
    .replace(/^R\$/i, '')
    .replace(/[\s\u00a0\u202f]/g, '');
  if (s === '' || !/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;

  const commas = s.split(',').length - 1;
  const dots = s.split('.').length - 1;
  let decimalSep: ',' | '.' | null;
  if (commas > 0 && dots > 0) decimalSep = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.';
  else if (commas > 0) decimalSep = commas === 1 ? ',' : null;
  else if (dots > 0) decimalSep = dots === 1 && !/\.\d{3}$/.test(s) ? '.' : null;
  else decimalSep = null;

  let intText = s;
  let decText = '';
  if (decimalSep) {
    const at = s.lastIndexOf(decimalSep);
    intText = s.slice(0, at);
    decText = s.slice(at + 1);
    if (intText.includes(decimalSep)) return null;
  }
  if (!/^\d{0,2}$/.test(decText)) return null;
  const thousandsSep = decimalSep === ',' ? '.' : decimalSep === '.' ? ',' : commas > 0 ? ',' : '.';
  const reais = integerPart(intText, thousandsSep);
  if (reais === null) return null;
  const cents = reais * 100 + Number(decText.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
