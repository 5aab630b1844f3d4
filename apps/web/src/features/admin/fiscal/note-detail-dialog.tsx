import { noteSaleLabel } from '@meucardapio/domain/fiscal-note';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { NoteStatusBadge } from '@/components/note-status-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { api, toastTitledError } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { FISCAL_KEY, type FiscalNoteDetail, NOTES_PATH } from './fiscal-api';

const MIN_JUSTIFICATIVA = 15;

/** One note: its numbers, SEFAZ's answer, its history, the files and what can be done with it. */
export function NoteDetailDialog({ noteId, onClose }: { noteId: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [justificativa, setJustificativa] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const detail = useQuery({
    queryKey: [...FISCAL_KEY, 'note', noteId],
    queryFn: () => api.get<FiscalNoteDetail>(`${NOTES_PATH}/${noteId}`),
    enabled: noteId !== null,
  });
  const done = (message: string) => (note: FiscalNoteDetail) => {
    queryClient.setQueryData([...FISCAL_KEY, 'note', noteId], note);
    void queryClient.invalidateQueries({ queryKey: FISCAL_KEY });
    setCancelling(false);
    setJustificativa('');
    toast.success(message);
  };
  const reissue = useMutation({
    mutationFn: () => api.post<FiscalNoteDetail>(`${NOTES_PATH}/${noteId}/reissue`, {}),
    onSuccess: done('Nota enviada de novo para emissão.'),
    onError: (err) => toastTitledError(err, 'Erro ao reemitir'),
  });
  const cancel = useMutation({
    mutationFn: () => api.post<FiscalNoteDetail>(`${NOTES_PATH}/${noteId}/cancel`, { justificativa }),
    onSuccess: done('Cancelamento solicitado.'),
    onError: (err) => toastTitledError(err, 'Erro ao cancelar'),
  });
  const note = detail.data;
  const shortJustificativa = justificativa.trim().length < MIN_JUSTIFICATIVA;

  return (
    <Dialog
      open={noteId !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCancelling(false);
          setJustificativa('');
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{note ? `NFC-e nº ${note.numero} · série ${note.serie}` : 'NFC-e'}</DialogTitle>
          <DialogDescription>
            {note
              ? `${noteSaleLabel(note)} · ${formatMoney(note.total)}${note.ambiente === 'homologacao' ? ' · homologação (sem valor fiscal)' : ''}`
              : 'Carregando…'}
          </DialogDescription>
        </DialogHeader>
        {!note ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Situação</dt>
              <dd>
                <NoteStatusBadge status={note.status} />
              </dd>
              <dt className="text-muted-foreground">CPF</dt>
              <dd>{note.buyerCpf ?? 'Não informado'}</dd>
              {note.chave && (
                <>
                  <dt className="text-muted-foreground">Chave</dt>
                  <dd className="font-mono text-xs break-all">{note.chave}</dd>
                </>
              )}
              {note.protocolo && (
                <>
                  <dt className="text-muted-foreground">Protocolo</dt>
                  <dd>{note.protocolo}</dd>
                </>
              )}
            </dl>
            {(note.status === 'rejected' || note.status === 'denied' || note.lastError) && (
              <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3">
                {note.sefazCode !== null && (
                  <p className="font-medium">
                    SEFAZ {note.sefazCode}: {note.sefazReason}
                  </p>
                )}
                {note.lastError && <p className="text-muted-foreground">{note.lastError}</p>}
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {note.hasXml && (
                <Button asChild variant="outline" size="sm">
                  <a href={`${NOTES_PATH}/${note.id}/xml`} download>
                    <Download aria-hidden /> XML
                  </a>
                </Button>
              )}
              {(note.status === 'authorized' || note.status === 'cancelled') && (
                <Button asChild variant="outline" size="sm">
                  <a href={`${NOTES_PATH}/${note.id}/pdf`} target="_blank" rel="noreferrer">
                    <FileText aria-hidden /> DANFE (PDF)
                  </a>
                </Button>
              )}
              {(note.status === 'rejected' || note.status === 'denied') && (
                <Button size="sm" loading={reissue.isPending} onClick={() => reissue.mutate()}>
                  <RotateCcw aria-hidden /> Reemitir
                </Button>
              )}
              {note.cancellable && !cancelling && (
                <Button variant="destructive" size="sm" onClick={() => setCancelling(true)}>
                  Cancelar nota
                </Button>
              )}
            </div>
            {cancelling && (
              <form
                className="grid gap-3 rounded-md border p-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!shortJustificativa) cancel.mutate();
                }}
              >
                <FormField
                  label="Justificativa do cancelamento"
                  htmlFor="note-justificativa"
                  hint={`Mínimo de ${MIN_JUSTIFICATIVA} caracteres (${justificativa.trim().length}/${MIN_JUSTIFICATIVA}).`}
                >
                  <Textarea
                    id="note-justificativa"
                    value={justificativa}
                    maxLength={255}
                    onChange={(e) => setJustificativa(e.target.value)}
                  />
                </FormField>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button type="button" variant="outline" onClick={() => setCancelling(false)}>
                    Voltar
                  </Button>
                  <Button type="submit" variant="destructive" disabled={shortJustificativa} loading={cancel.isPending}>
                    Confirmar cancelamento
                  </Button>
                </div>
              </form>
            )}
            <section>
              <h3 className="mb-2 font-medium">Histórico</h3>
              <ol className="grid gap-2 border-l pl-4">
                {note.history.map((h, i) => (
                  <li key={`${h.createdAt}-${i}`}>
                    <p>
                      <span className="font-medium">{h.message ?? h.status}</span>
                      {h.actorName && <span className="text-muted-foreground"> · {h.actorName}</span>}
                    </p>
                    <p className="text-xs text-muted-foreground">{formatDateTime(h.createdAt)}</p>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
