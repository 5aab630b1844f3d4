import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { formatBuyerDocument } from '@meucardapio/domain/fiscal-format';
import { type FiscalNoteView, isNoteInQueue } from '@meucardapio/domain/fiscal-note';
import { checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { NoteStatusBadge } from '@/components/note-status-badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastTitledError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { cashierKeys, fetchSaleNote, issueSaleNote, type NoteSaleRef } from './cashier-api';

/** How often a note in the queue is asked about: the simulator settles in seconds, SEFAZ usually too. */
const POLL_MS = 2_000;

/** A sale's NFC-e, asked again while it is in the queue (null while the sale has none). */
export function useSaleNote(sale: NoteSaleRef | null) {
  return useQuery({
    queryKey: cashierKeys.note(sale?.id ?? ''),
    queryFn: () => fetchSaleNote(sale!),
    enabled: Boolean(sale),
    refetchInterval: (query) => (query.state.data && isNoteInQueue(query.state.data.status) ? POLL_MS : false),
  });
}

/**
 * The sale's note where the cashier looks (the last sale's strip, the sale's detail): its number and status,
 * or "Emitir NFC-e" (with an optional CPF) for a sale without one.
 */
export function SaleNoteLine({
  sale,
  note,
  canIssue,
  saleCpf,
}: {
  sale: NoteSaleRef;
  note: FiscalNoteView | null | undefined;
  canIssue: boolean;
  saleCpf: string | null;
}) {
  const [issuing, setIssuing] = useState(false);
  if (note === undefined) return null;
  if (note)
    return (
      <span className="inline-flex items-center gap-1.5" data-testid="sale-note">
        <span className="text-muted-foreground">NFC-e {note.numero}</span>
        <NoteStatusBadge status={note.status} />
      </span>
    );
  if (!canIssue) return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setIssuing(true)}>
        <FileText aria-hidden /> Emitir NFC-e
      </Button>
      <IssueNoteDialog sale={sale} open={issuing} onClose={() => setIssuing(false)} saleCpf={saleCpf} />
    </>
  );
}

function IssueNoteDialog({
  sale,
  open,
  onClose,
  saleCpf,
}: {
  sale: NoteSaleRef;
  open: boolean;
  onClose: () => void;
  saleCpf: string | null;
}) {
  const queryClient = useQueryClient();
  const [cpf, setCpf] = useState(saleCpf ? formatCpf(saleCpf) : '');
  const [error, setError] = useState<string | undefined>();
  const issue = useMutation({
    mutationFn: (buyerCpf: string | null) => issueSaleNote(sale, buyerCpf),
    onSuccess: (note) => {
      queryClient.setQueryData(cashierKeys.note(sale.id), note);
      toast.success('NFC-e na fila de emissão', { description: `NFC-e nº ${note.numero}` });
      onClose();
    },
    onError: (err) => toastTitledError(err, 'Não foi possível emitir a NFC-e'),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const buyer = checkBuyerDocument(cpf);
    if (!buyer.ok) {
      setError(buyer.message);
      return;
    }
    issue.mutate(buyer.cpf);
  }

  return (
    <Dialog open={open} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Emitir NFC-e</DialogTitle>
          <DialogDescription>A nota entra na fila e é autorizada pela SEFAZ em instantes.</DialogDescription>
        </DialogHeader>
        <form id="issue-note" onSubmit={submit} className="grid gap-3">
          <FormField label="CPF na nota (opcional)" htmlFor="issue-note-cpf" error={error}>
            <Input
              id="issue-note-cpf"
              inputMode="numeric"
              placeholder="000.000.000-00"
              autoComplete="off"
              value={cpf}
              maxLength={18}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'issue-note-cpf-error' : undefined}
              onChange={(e) => {
                setCpf(formatBuyerDocument(e.target.value));
                setError(undefined);
              }}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" form="issue-note" loading={issue.isPending}>
            Emitir NFC-e
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
