export declare const PGBOUNCER: string;
export declare function startPgbouncer(
  serverUrl: string,
  options?: { poolSize?: number },
): Promise<{ url: string; port: number; pid: number | undefined; stop(): void }>;
