import { OFFLINE_MSG } from '@meucardapio/domain/cashier-offline';
import { CloudUpload, TriangleAlert, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import type { OfflineSales } from './use-offline-sales';

/**
 * What the cashier sees of the connection: nothing while all is well; the offline banner with the
 * count and total of the sales kept on the terminal; "sending" while they go out; and each sale the
 * server refused, with its reason, until someone deals with it.
 */
export function OfflineBanner({ offline }: { offline: OfflineSales }) {
  const { summary, connected, refused } = offline;
  const [discarding, setDiscarding] = useState<number | null>(null);
  const pending =
    summary.count > 0 ? (
      <span className="font-semibold tabular-nums" data-testid="unsynced-summary">
        {OFFLINE_MSG.pending(summary.count)} · {formatMoney(summary.total)}
      </span>
    ) : null;

  return (
    <>
      {!connected ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-warning bg-warning/15 px-4 py-3 text-sm"
        >
          <WifiOff className="size-5 shrink-0" aria-hidden />
          <span className="font-medium">{OFFLINE_MSG.banner}</span>
          {pending}
        </div>
      ) : summary.count > 0 ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border bg-muted px-4 py-3 text-sm"
        >
          <CloudUpload className="size-5 shrink-0" aria-hidden />
          <span className="font-medium">{OFFLINE_MSG.syncing}</span>
          {pending}
        </div>
      ) : null}
      {refused.map((s) => (
        <div
          key={s.seq}
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
        >
          <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
          <span className="font-medium">
            {OFFLINE_MSG.rejected} · {formatMoney(s.total)} ·{' '}
            {new Date(s.body.soldAt).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })}
          </span>
          <span className="text-muted-foreground">{s.lastError}</span>
          <Button size="sm" variant="outline" className="ml-auto" onClick={() => setDiscarding(s.seq)}>
            Lançar de novo e remover
          </Button>
        </div>
      ))}
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(v) => !v && setDiscarding(null)}
        title="Remover a venda deste terminal?"
        description="Lance a venda de novo no PDV antes de remover: a venda recusada não chegou ao servidor."
        confirmText="Remover"
        onConfirm={() => {
          if (discarding !== null) void offline.discard(discarding);
        }}
      />
    </>
  );
}
