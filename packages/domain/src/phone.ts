/** Keeps only the digits 0–9. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The last n digits of a phone (fewer when it has fewer digits). */
export function lastDigits(phone: string, n: number): string {
  return onlyDigits(phone).slice(-n);
}

/** The last 4 digits of a phone, used to confirm a delivery. */
export function last4(phone: string): string {
  return lastDigits(phone, 4);
}

/**
 * The national number (DDD + subscriber, 10 or 11 digits) of a Brazilian phone typed in any way:
 * '+55 (11) 98765-4321', '011 98765 4321' and '11987654321' all give '11987654321'. Null when it is
 * not a plausible Brazilian number.
 */
export function nationalNumberBR(phone: string): string | null {
  let d = onlyDigits(phone);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  // A leading trunk 0 ('011 …') is how long-distance numbers used to be dialled.
  if ((d.length === 11 || d.length === 12) && d.startsWith('0')) d = d.slice(1);
  if (d.length !== 10 && d.length !== 11) return null;
  if (d[0] === '0' || d[1] === '0') return null;
  // Eleven digits are mobiles, which always start with 9 after the DDD.
  if (d.length === 11 && d[2] !== '9') return null;
  return d;
}

/** Whether a phone is a plausible Brazilian number (landline 10 digits or mobile 11, with DDD). */
export function isValidPhoneBR(phone: string): boolean {
  return nationalNumberBR(phone) !== null;
}

/**
 * Formats a phone as typed, progressively: '(11) 98765-4321' for a mobile, '(11) 3456-7890' for a
 * landline, partial input partially ('(11) 9876'). A leading +55 is dropped; extra digits are cut.
 */
export function formatPhone(phone: string): string {
  let d = onlyDigits(phone);
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  d = d.slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * E.164 form '+5511987654321' for the card provider's customer_cellphone and for messaging.
 * Null when the phone is not a plausible Brazilian number.
 */
export function toE164BR(phone: string): string | null {
  const national = nationalNumberBR(phone);
  return national ? `+55${national}` : null;
}

/** WhatsApp form: country code + area code + number, digits only ('5511987654321'). */
export function toWhatsAppNumber(phone: string): string | null {
  const national = nationalNumberBR(phone);
  return national ? `55${national}` : null;
}

/** Formats a CEP progressively: '01310100' → '01310-100'; extra digits are cut. */
export function formatCep(cep: string): string {
  const d = onlyDigits(cep).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** Whether a CEP has exactly 8 digits, with or without the hyphen ('01310-100' or '01310100'). */
export function isValidCep(cep: string): boolean {
  return /^\d{5}-?\d{3}$/.test(cep.trim());
}
