/*
 * "Meus dados" (LGPD): what a customer may ask of the restaurant about themselves — a copy of everything
 * it holds, their account deleted, marketing messages only with their consent — and the answer's
 * deadline (art. 19: 15 days). Shared by the server that keeps the rules and the web that shows them.
 */
import { csvCell } from './csv';
import type { CustomerAddressParts, CustomerProfileView, SavedAddressView } from './customer-views';
import type { CustomerOrderView } from './order-views';

/** The consent text the customer sees; a new wording is a new version, so each consent says which it was. */
export const MARKETING_CONSENT = {
  version: 'marketing-v1',
  text: 'Quero receber ofertas e novidades deste restaurante por WhatsApp e e-mail. Posso cancelar quando quiser.',
} as const;

/** Order updates need no consent: they are part of the order the customer placed. */
export const ORDER_UPDATES_TEXT =
  'Mensagens sobre seus pedidos (confirmação, preparo e entrega) fazem parte do pedido e não dependem deste consentimento.';

/** LGPD art. 19, II: a complete answer to the data subject within 15 days of the request. */
export const LGPD_DEADLINE_DAYS = 15;

export const PRIVACY_REQUEST_KINDS = ['export', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_LABELS: Record<PrivacyRequestKind, string> = {
  export: 'Cópia dos dados',
  deletion: 'Exclusão da conta',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the restaurant must have answered a request made at `requestedAt`. */
export function requestDeadline(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + LGPD_DEADLINE_DAYS * DAY_MS);
}

/**
 * The name a deleted account's orders, reviews and messages keep: no trace of the person, but the same
 * for all their records, so the restaurant's history and fiscal records still add up.
 */
export function pseudonymFor(customerId: string): string {
  return `Cliente removido #${customerId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** A deleted account's e-mail: unique per account (the column is), never deliverable (.invalid, RFC 2606). */
export function anonymisedEmail(customerId: string): string {
  return `removido-${customerId}@anonimo.invalid`;
}

export type ConsentView = { granted: boolean; version: string; at: string };

export type PrivacyRequestView = {
  id: string;
  kind: PrivacyRequestKind;
  requestedAt: string;
  dueAt: string;
  completedAt: string | null;
};

/** GET /api/customer/privacy. */
export type PrivacyOverview = {
  marketing: ConsentView | null;
  requests: PrivacyRequestView[];
};

/** GET /api/admin/privacy-requests: one request as the owner sees it. */
export type AdminPrivacyRequestView = PrivacyRequestView & { customerId: string | null; customerName: string };

export type ChatMessageExport = {
  orderId: string | null;
  from: string;
  message: string;
  createdAt: string;
};

export type ReviewExport = { orderId: string | null; rating: number; comment: string | null; createdAt: string };

/** Everything a restaurant holds about one customer: the JSON download, and the CSV's source. */
export type CustomerDataExport = {
  generatedAt: string;
  restaurant: { name: string };
  profile: CustomerProfileView;
  addresses: SavedAddressView[];
  orders: CustomerOrderView[];
  reviews: ReviewExport[];
  chat: ChatMessageExport[];
  consents: (ConsentView & { purpose: 'marketing'; text: string })[];
  requests: PrivacyRequestView[];
};

function flatten(value: unknown, prefix: string, out: [string, string][]) {
  if (value === null || value === undefined) out.push([prefix, '']);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) flatten(v, `${prefix}[${i + 1}]`, out);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.push([prefix, String(value)]);
}

const SECTIONS: [keyof CustomerDataExport, string][] = [
  ['profile', 'Perfil'],
  ['addresses', 'Endereços'],
  ['orders', 'Pedidos'],
  ['reviews', 'Avaliações'],
  ['chat', 'Conversas'],
  ['consents', 'Consentimentos'],
  ['requests', 'Solicitações'],
];

/**
 * The same data as a CSV a spreadsheet opens as is (UTF-8 with BOM, ';', CRLF): one line per field,
 * `Seção;Registro;Campo;Valor`, so orders with items and add-ons fit without a column per shape.
 */
export function customerDataCsv(data: CustomerDataExport): string {
  const lines = ['Seção;Registro;Campo;Valor'];
  for (const [key, label] of SECTIONS) {
    const section = data[key];
    const records = Array.isArray(section) ? section : [section];
    records.forEach((record, i) => {
      const fields: [string, string][] = [];
      flatten(record, '', fields);
      for (const [field, value] of fields) lines.push([label, String(i + 1), field, value].map(csvCell).join(';'));
    });
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The address parts a deleted account keeps: none. */
export const NO_ADDRESS: CustomerAddressParts = {
  cep: null,
  address: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
};
