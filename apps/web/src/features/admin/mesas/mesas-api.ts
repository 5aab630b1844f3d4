import type { PdvPaymentMethod } from '@meucardapio/domain/cashier-views';
import type { OrderProposalInput } from '@meucardapio/domain/checkout';
import type { PdvNfce } from '@meucardapio/domain/fiscal-rules';
import type { PublicMenu } from '@meucardapio/domain/menu-views';
import type { AccountPaymentResult, AccountView, RoomView, TurnoverView } from '@meucardapio/domain/table-accounts-api';
import { api } from '@/lib/api';

const BASE = '/api/admin/table-accounts';

export const mesasKeys = {
  all: ['admin', 'mesas'] as const,
  room: ['admin', 'mesas', 'room'] as const,
  turnover: ['admin', 'mesas', 'turnover'] as const,
  methods: ['admin', 'mesas', 'methods'] as const,
  menu: (slug: string) => ['admin', 'mesas', 'menu', slug] as const,
  account: (id: string) => ['admin', 'mesas', 'account', id] as const,
};

type One = { account: AccountView };
const account = async (p: Promise<One>) => (await p).account;
const attemptKey = () => `mesa-${crypto.randomUUID()}`;

/** The menu as customers see it: the waiter offers the same products, sizes and add-ons. */
export const fetchMenu = (slug: string) =>
  api.get<PublicMenu>(`/api/public/restaurants/${encodeURIComponent(slug)}/menu`);
export const fetchRoom = () => api.get<RoomView>(`${BASE}/room`);
export const fetchTurnover = () => api.get<TurnoverView>(`${BASE}/turnover`);
/** The PDV's payment methods, and how the restaurant issues NFC-e (a table's note is issued at closing). */
export const fetchPaymentOptions = () =>
  api.get<{ methods: PdvPaymentMethod[]; nfce: PdvNfce }>(`${BASE}/payment-methods`);
export const fetchAccount = (id: string) => account(api.get<One>(`${BASE}/${id}`));
export const openTable = (number: number, people: number, kind: 'table' | 'tab' = 'table') =>
  account(api.post<One>(BASE, { kind, number, people }));
export const sendRound = (id: string, items: OrderProposalInput['items']) =>
  account(api.post<One>(`${BASE}/${id}/rounds`, { items }, { headers: { 'Idempotency-Key': attemptKey() } }));
export const requestBill = (id: string) => account(api.post<One>(`${BASE}/${id}/request-bill`));
export const reopen = (id: string) => account(api.post<One>(`${BASE}/${id}/reopen`));
export const closeAccount = (id: string, buyerCpf: string | null = null) =>
  account(api.post<One>(`${BASE}/${id}/close`, { buyerCpf }));
export const transferTo = (id: string, toNumber: number, itemIds?: string[]) =>
  account(api.post<One>(`${BASE}/${id}/transfer`, { toNumber, itemIds }));
export const joinWith = (id: string, number: number) => account(api.post<One>(`${BASE}/${id}/join`, { number }));
export const cancelItem = (itemId: string, reason: string) =>
  account(api.post<One>(`${BASE}/items/${itemId}/cancel`, { reason }));
export const setDiscount = (
  id: string,
  body: { amount: number; reason: string | null; approval: { email: string; password: string } | null },
) => account(api.put<One>(`${BASE}/${id}/discount`, body));
export const setServiceCharge = (id: string, removed: boolean, reason?: string) =>
  account(api.put<One>(`${BASE}/${id}/service-charge`, { removed, reason }));
export const payPart = (
  id: string,
  body: { methodId: string; amount: number; received?: number | null },
  key: string,
) => api.post<AccountPaymentResult>(`${BASE}/${id}/payments`, body, { headers: { 'Idempotency-Key': key } });
export const newPaymentKey = attemptKey;
