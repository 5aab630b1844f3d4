/**
 * What differs between the doors an order comes in by, as data: the status it starts in, the note of
 * its first history row, how its stock history and a one-line checkout name it. A new door is a new
 * row here and a caller of `placeOrder`.
 */
export const CHANNELS = {
  storefront: {
    status: 'pending',
    historyNote: 'Pedido realizado pelo cardápio online',
    /** "Pedido #12": the stock history's note and the hosted checkout's single line. */
    label: 'Pedido',
    stockNote: (n: number) => `Pedido online #${n}`,
  },
  // A sale at the counter is handed over at once (decision 009).
  pdv: {
    status: 'delivered',
    historyNote: 'Venda no PDV',
    label: 'Venda PDV',
    stockNote: (n: number) => `Venda PDV #${n}`,
  },
} as const satisfies Record<string, ChannelRules>;

type ChannelRules = {
  status: 'pending' | 'delivered';
  historyNote: string;
  label: string;
  stockNote: (n: number) => string;
};

export type OrderChannel = keyof typeof CHANNELS;
