import type { SetupStep } from '@meucardapio/domain/setup-checklist';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronRight, Circle, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';

export const SETUP_CHECKLIST_KEY = ['admin', 'setup-checklist'] as const;

/**
 * "Primeiros passos" on the owner's home until every line is done: each line links to its screen and
 * ticks itself from the restaurant's data (read again whenever the home is opened).
 */
export function SetupChecklist() {
  const checklist = useQuery({
    queryKey: SETUP_CHECKLIST_KEY,
    queryFn: () => api.get<{ steps: SetupStep[]; done: boolean }>('/api/admin/setup-checklist'),
    refetchOnMount: 'always',
  });
  if (!checklist.data || checklist.data.done) return null;
  const { steps } = checklist.data;
  const doneCount = steps.filter((s) => s.done).length;

  return (
    <section aria-labelledby="setup-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="setup-title" className="text-lg font-semibold tracking-tight">
            Primeiros passos
          </h2>
          <p className="text-sm text-muted-foreground">Deixe tudo pronto para receber o primeiro pedido sozinho.</p>
        </div>
        <p className="text-sm font-medium tabular-nums">
          {doneCount} de {steps.length} concluídos
        </p>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Progresso da configuração"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={doneCount}
      >
        <div className="h-full rounded-full bg-success" style={{ width: `${(doneCount / steps.length) * 100}%` }} />
      </div>
      <ol className="mt-4 grid gap-2 lg:grid-cols-2">
        {steps.map((step) => (
          <li key={step.key}>
            <StepLink step={step} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepLink({ step }: { step: SetupStep }) {
  // The test order is placed on the public menu, in its own tab.
  const external = !step.path.startsWith('/admin');
  const body = (
    <>
      {step.done ? (
        <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden />
      ) : (
        <Circle className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      )}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm font-medium', step.done && 'text-muted-foreground line-through')}>
          {step.title}
          <span className="sr-only">{step.done ? ' (concluído)' : ' (pendente)'}</span>
        </span>
        {!step.done && <span className="text-xs text-muted-foreground">{step.hint}</span>}
      </span>
      {external ? (
        <ExternalLink className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      ) : (
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      )}
    </>
  );
  const className =
    'flex min-h-14 items-center gap-3 rounded-lg border px-3 py-2.5 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50';
  return external ? (
    <a href={step.path} target="_blank" rel="noreferrer" className={className}>
      {body}
    </a>
  ) : (
    <Link to={step.path} className={className}>
      {body}
    </Link>
  );
}
