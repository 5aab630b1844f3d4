/** Rules of the restaurant settings form (spec 2 §5), shared by the form and the server. */

/** Paths the SPA or the API own: a restaurant slug may not shadow them. */
export const RESERVED_SLUGS: readonly string[] = [
  'admin',
  'api',
  'auth',
  'landing',
  'customer',
  'customer-dashboard',
  'review',
  'payment-callback',
  'checkout',
  'login',
  'signup',
  'pdv',
  'cashier',
  'assets',
  'static',
  'files',
  'health',
  'metrics',
  'favicon.ico',
  'robots.txt',
  'index.html',
];

export type SlugProblem = 'empty' | 'format' | 'reserved';

/** Why a slug cannot be used (null when it can): lowercase letters, digits and single hyphens, 2–60 characters. */
export function slugProblem(slug: string): SlugProblem | null {
  if (!slug) return 'empty';
  if (slug.length < 2 || slug.length > 60 || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return 'format';
  if (RESERVED_SLUGS.includes(slug)) return 'reserved';
  return null;
}

export const SLUG_PROBLEM_TEXT: Record<SlugProblem, string> = {
  empty: 'Informe o endereço (slug) do cardápio.',
  format: 'Use apenas letras minúsculas, números e hífens (ex.: pizzaria-do-joao).',
  reserved: 'Este endereço é reservado pelo sistema. Escolha outro.',
};

/** A suggested slug from a name: accents removed, lowercase, non-alphanumerics become hyphens. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** A colour as #rrggbb. */
export function isHexColor(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}

/** Whether the runtime knows this IANA time zone (e.g. America/Sao_Paulo). */
export function isValidTimezone(tz: string): boolean {
  if (!tz || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Brazilian time zones offered in the settings form. */
export const BRAZIL_TIMEZONES: readonly string[] = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Manaus',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Porto_Velho',
  'America/Boa_Vista',
  'America/Rio_Branco',
  'America/Noronha',
];

/** Google rating accepted by the reviews tab: 1 to 5 in steps of 0.1. */
export function isValidGoogleRating(value: number): boolean {
  return Number.isFinite(value) && value >= 1 && value <= 5 && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

export type Coordinates = { latitude: number; longitude: number };

export const COORDINATES_PROBLEM =
  'Localização inválida: informe a latitude e a longitude separadas por vírgula, como -23.561414, -46.655881.';

/**
 * The restaurant's place on the map as an owner pastes it from a map ("-23.561414, -46.655881", also
 * with decimal commas separated by a semicolon or a space): null for nothing typed, 'invalid' for
 * anything else that is not a point on Earth (0, 0 included: it is the ocean, the mark of a missing
 * value). Six decimals, about 10 cm.
 */
export function parseCoordinates(text: string | null | undefined): Coordinates | null | 'invalid' {
  const value = (text ?? '').trim();
  if (!value) return null;
  const parts = value.includes(';')
    ? value.split(';')
    : value.includes('.') || !value.includes(',')
      ? value.split(/[\s,]+/)
      : value.split(/\s+/);
  if (parts.length !== 2) return 'invalid';
  const [latitude, longitude] = parts.map((p) => Number(p.trim().replace(',', '.')));
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return 'invalid';
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return 'invalid';
  if (latitude === 0 && longitude === 0) return 'invalid';
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { latitude: round(latitude), longitude: round(longitude) };
}

export function formatCoordinates(c: { latitude: number | null; longitude: number | null }): string | null {
  return c.latitude === null || c.longitude === null ? null : `${c.latitude}, ${c.longitude}`;
}
