import { fail, type RuleFailure } from './messages';
import { ORDER_STATUS_LABELS } from './order-status';

/**
 * WhatsApp messages a customer receives when their order changes status (besides the one-time
 * new-order message): accepted (pending → preparing), out for delivery and delivered. Each restaurant
 * turns them on or off and edits their text; placeholders are filled in when the message is queued.
 */

export const STATUS_MESSAGE_STATUSES = ['preparing', 'out_for_delivery', 'delivered'] as const;
export type StatusMessageStatus = (typeof STATUS_MESSAGE_STATUSES)[number];

/** What each message is called in the settings. */
export const STATUS_MESSAGE_LABELS: Record<StatusMessageStatus, string> = {
  preparing: 'Pedido aceito',
  out_for_delivery: 'Saiu para entrega',
  delivered: 'Pedido entregue',
};

export const STATUS_MESSAGE_PLACEHOLDERS = ['{nome}', '{numero}', '{status}', '{link}', '{restaurante}'] as const;

/** What each placeholder stands for, as the settings explain it. */
export const STATUS_MESSAGE_PLACEHOLDER_HELP: Record<(typeof STATUS_MESSAGE_PLACEHOLDERS)[number], string> = {
  '{nome}': 'primeiro nome do cliente',
  '{numero}': 'número do pedido',
  '{status}': 'status do pedido',
  '{link}': 'link para acompanhar o pedido',
  '{restaurante}': 'nome do restaurante',
};

export const STATUS_TEMPLATE_MAX = 1000;

export const DEFAULT_STATUS_TEMPLATES: Record<StatusMessageStatus, string> = {
  preparing: 'Olá, {nome}! Seu pedido #{numero} foi aceito e já está sendo preparado. Acompanhe em {link}',
  out_for_delivery: 'Olá, {nome}! Seu pedido #{numero} saiu para entrega e logo chega até você. Acompanhe em {link}',
  delivered: 'Olá, {nome}! Seu pedido #{numero} foi entregue. Obrigado pela preferência e bom apetite!',
};

export type StatusMessageSetting = { enabled: boolean; template: string };
export type StatusMessageSettings = Record<StatusMessageStatus, StatusMessageSetting>;

/** Whether a status is one a message can be sent for. */
export function isStatusMessageStatus(status: string): status is StatusMessageStatus {
  return (STATUS_MESSAGE_STATUSES as readonly string[]).includes(status);
}

/** The outbox kind of a status message: one row per order and kind, so one message per status. */
export function statusMessageKind(status: StatusMessageStatus): string {
  return `status_${status}`;
}

/**
 * A restaurant's settings with the defaults filled in (every message on, the default texts), from
 * whatever was stored: missing or malformed entries fall back to the default.
 */
export function resolveStatusMessages(stored: unknown): StatusMessageSettings {
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out = {} as StatusMessageSettings;
  for (const status of STATUS_MESSAGE_STATUSES) {
    const entry = raw[status] && typeof raw[status] === 'object' ? (raw[status] as Record<string, unknown>) : {};
    const template = typeof entry.template === 'string' && entry.template.trim() ? entry.template : null;
    out[status] = {
      enabled: typeof entry.enabled === 'boolean' ? entry.enabled : true,
      template: template ?? DEFAULT_STATUS_TEMPLATES[status],
    };
  }
  return out;
}

/** Placeholders in a template that do not exist (typos such as {nmero}), in order of appearance. */
export function unknownPlaceholders(template: string): string[] {
  const found = template.match(/\{[^{}\s]*\}/g) ?? [];
  const known = STATUS_MESSAGE_PLACEHOLDERS as readonly string[];
  return [...new Set(found.filter((p) => !known.includes(p)))];
}

/** Checks one edited template: not empty, at most 1000 characters, only known placeholders. */
export function checkStatusTemplate(status: StatusMessageStatus, template: string): { ok: true } | RuleFailure {
  const label = STATUS_MESSAGE_LABELS[status];
  if (!template.trim()) return fail('template_required', 'Mensagem obrigatória', `Escreva a mensagem "${label}".`);
  if (template.length > STATUS_TEMPLATE_MAX)
    return fail(
      'template_too_long',
      'Mensagem muito longa',
      `A mensagem "${label}" pode ter até ${STATUS_TEMPLATE_MAX} caracteres.`,
    );
  const unknown = unknownPlaceholders(template);
  if (unknown.length > 0)
    return fail(
      'unknown_placeholder',
      'Marcador desconhecido',
      `A mensagem "${label}" usa ${unknown.join(', ')}. Use apenas ${STATUS_MESSAGE_PLACEHOLDERS.join(', ')}.`,
    );
  return { ok: true };
}

export type StatusMessageValues = {
  customerName: string;
  number: number;
  status: StatusMessageStatus;
  link: string;
  restaurantName: string;
};

/**
 * The name a WhatsApp message greets: the first word of the typed name only when it is a plain name
 * (letters, at most 20), else "cliente". The phone on an order is not proved to be the customer's, so
 * nothing the customer typed freely (a link, a phone number, a sentence) is ever sent to it.
 */
export function greetingName(customerName: string): string {
  const first = customerName.trim().split(/\s+/)[0] ?? '';
  return /^\p{L}[\p{L}'-]{0,19}$/u.test(first) ? first : 'cliente';
}

/** The line a delivered order's message ends with when its NFC-e is authorised: SEFAZ's address of the note. */
export function noteMessageLine(url: string): string {
  return `Nota fiscal (NFC-e): ${url}`;
}

/** The message as the customer reads it: every placeholder replaced (the name by greetingName). */
export function renderStatusMessage(template: string, v: StatusMessageValues): string {
  const values: Record<string, string> = {
    '{nome}': greetingName(v.customerName),
    '{numero}': String(v.number),
    '{status}': ORDER_STATUS_LABELS[v.status],
    '{link}': v.link,
    '{restaurante}': v.restaurantName,
  };
  return template
    .replace(/\{[^{}\s]*\}/g, (p) => values[p] ?? p)
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
