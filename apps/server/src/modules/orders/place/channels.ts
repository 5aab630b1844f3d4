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
    test: false,
    asSold: false,
  },
  // A sale at the counter is handed over at once (decision 009).
  pdv: {
    status: 'delivered',
    historyNote: 'Venda no PDV',
    label: 'Venda PDV',
    stockNote: (n: number) => `Venda PDV #${n}`,
    test: false,
    asSold: false,
  },
  // A PDV sale made without a connection, arriving later (decision 057): already sold and handed over.
  pdv_offline: {
    status: 'delivered',
    historyNote: 'Venda no PDV sem conexão (enviada depois)',
    label: 'Venda PDV',
    stockNote: (n: number) => `Venda PDV sem conexão #${n}`,
    test: false,
    asSold: true,
  },
  // An ordering app's order (iFood, Open Delivery apps): priced and charged by the app, accepted by staff;
  // like an offline sale it already happened, so its stock is taken even below zero (decision 063).
  marketplace: {
    status: 'pending',
    historyNote: 'Pedido recebido do aplicativo de delivery',
    label: 'Pedido de aplicativo',
    stockNote: (n: number) => `Pedido de aplicativo #${n}`,
    test: false,
    asSold: true,
  },
  // A round of a table account (comanda): sent by the waiter or from the table's QR while the account is
  // open, so it goes to the kitchen at once; it is paid with the account at the end.
  table: {
    status: 'preparing',
    historyNote: 'Rodada da conta da mesa',
    label: 'Mesa',
    stockNote: (n: number) => `Rodada de mesa #${n}`,
    test: false,
    asSold: false,
  },
  // Staff trying their own menu (decision 044): on the board like any order, never in stock or figures.
  test: {
    status: 'pending',
    historyNote: 'Pedido de teste (pré-visualização do cardápio)',
    label: 'Pedido de teste',
    stockNote: (n: number) => `Pedido de teste #${n}`,
    test: true,
    asSold: false,
  },
} as const satisfies Record<string, ChannelRules>;

type ChannelRules = {
  status: 'pending' | 'preparing' | 'delivered';
  historyNote: string;
  label: string;
  stockNote: (n: number) => string;
  /** A test order: marked `is_test`, takes no stock, counts in no report. */
  test: boolean;
  /**
   * The order already happened elsewhere and is only being recorded: its prices are the ones shown
   * (the difference against the catalogue is kept), a product paused meanwhile is still accepted, and
   * its stock is taken even below zero.
   */
  asSold: boolean;
};

export type OrderChannel = keyof typeof CHANNELS;
