import { type ReactNode, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

const TITLE = 'Descartar alterações?';
const TEXT = 'Você tem alterações que não foram salvas. Se sair agora, elas serão perdidas.';

function DiscardDialog({ open, onStay, onDiscard }: { open: boolean; onStay: () => void; onDiscard: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(v) => !v && onStay()}
      title={TITLE}
      description={TEXT}
      confirmText="Descartar"
      cancelText="Continuar editando"
      onConfirm={onDiscard}
    />
  );
}

/**
 * Asks before leaving a page with unsaved changes: a link or the back button inside the app opens
 * "Descartar alterações?", and reloading or closing the tab gets the browser's own warning.
 * Render the returned element somewhere in the page.
 */
export function useLeaveGuard(dirty: boolean): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <DiscardDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

/**
 * A dialog's close (Esc, the X, Cancelar, a click outside) that asks first while its form has unsaved
 * changes. `requestClose` replaces the dialog's own close; render `confirm` beside the dialog.
 */
export function useDiscardGuard(dirty: boolean, close: () => void): { requestClose: () => void; confirm: ReactNode } {
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => (dirty ? setAsking(true) : close()),
    confirm: (
      <DiscardDialog
        open={asking}
        onStay={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          close();
        }}
      />
    ),
  };
}
