import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDiscardGuard } from '@/lib/unsaved-changes';

/**
 * A create/edit dialog: title, description, the form's fields and a Cancelar / submit footer. Once a
 * field was changed, closing it (Esc, the X, Cancelar, a click outside) asks before discarding.
 *
 * `savingStyle` says what happens while `pending`:
 * - 'locked' (default): the dialog cannot be closed, Cancelar is disabled and the button reads "Salvando...".
 * - 'spinner': the submit button shows a spinner; the dialog can still be closed.
 */
export function EntityFormDialog({
  open = true,
  onClose,
  title,
  description,
  onSubmit,
  pending,
  submitLabel = 'Salvar',
  submitDisabled = false,
  savingStyle = 'locked',
  noValidate,
  variant,
  className,
  children,
}: {
  /** Leave out when the dialog is mounted only while open. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Called on submit (the browser's submit is already prevented). */
  onSubmit: () => void;
  pending: boolean;
  submitLabel?: ReactNode;
  submitDisabled?: boolean;
  savingStyle?: 'locked' | 'spinner';
  noValidate?: boolean;
  variant?: 'default' | 'sheet';
  className?: string;
  children: ReactNode;
}) {
  const locked = savingStyle === 'locked';
  // Any input, select or switch of the form reports its change through the form's change event.
  const [edited, setEdited] = useState(false);
  useResetOnOpen(open, () => setEdited(false));
  const discard = useDiscardGuard(edited, onClose);
  return (
    <Dialog open={open} onOpenChange={(v) => !v && !(locked && pending) && discard.requestClose()}>
      {discard.confirm}
      <DialogContent variant={variant} className={className}>
        <form
          className="grid gap-4"
          noValidate={noValidate}
          onChange={() => setEdited(true)}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={discard.requestClose} disabled={locked && pending}>
              Cancelar
            </Button>
            {locked ? (
              <Button type="submit" disabled={submitDisabled || pending}>
                {pending ? 'Salvando...' : submitLabel}
              </Button>
            ) : (
              <Button type="submit" disabled={submitDisabled} loading={pending}>
                {submitLabel}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Runs `reset` (during render) each time `open` turns true, so a dialog that stays mounted
 * starts from fresh form state every time it opens.
 */
export function useResetOnOpen(open: boolean, reset: () => void) {
  const [lastOpen, setLastOpen] = useState(false);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) reset();
  }
}

/** Open/closed state for an EntityFormDialog that stays mounted: `editing` is null when creating. */
export function useEntityDialog<T>() {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });
  return {
    open: state.open,
    editing: state.editing,
    create: () => setState({ open: true, editing: null }),
    edit: (item: T) => setState({ open: true, editing: item }),
    close: () => setState({ open: false, editing: null }),
  };
}
