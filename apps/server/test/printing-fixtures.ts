/** The printer routes as Configurações → Impressoras sends them: nothing routed unless `over` says so. */
export type PrinterRoutes = {
  order: { delivery: number; pickup: number; dine_in: number };
  stations: string[];
  pdvReceipt: boolean;
  nfceDanfe: boolean;
  cashClosing: boolean;
};

/**
 * A printer's body for `POST /api/admin/printers`: 80 mm (48 columns, CP860) unless `columns` is 32
 * (58 mm, CP850), on `connection` (a loopback port by default), no drawer, the given routes.
 */
export function printerBody(
  name: string,
  routes: Partial<PrinterRoutes> = {},
  options: { connection?: string; columns?: 32 | 48; drawer?: boolean } = {},
) {
  const columns = options.columns ?? 48;
  return {
    name,
    connection: options.connection ?? '127.0.0.1:9100',
    agentId: null,
    columns,
    codepage: columns === 48 ? 'cp860' : 'cp850',
    cut: true,
    drawer: options.drawer ?? false,
    routes: {
      order: { delivery: 0, pickup: 0, dine_in: 0 },
      stations: [],
      pdvReceipt: false,
      nfceDanfe: false,
      cashClosing: false,
      ...routes,
    },
  };
}
