import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Star, X } from 'lucide-react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { api, toastError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';

type Review = {
  id: string;
  customerName: string;
  customerEmail: string;
  rating: number;
  comment: string | null;
  approved: boolean;
  createdAt: string;
};
type Moderation = { pending: Review[]; approved: Review[]; counts: { pending: number; approved: number } };
const KEY = ['admin-reviews'] as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" role="img" aria-label={`${rating} de 5 estrelas`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden
          className={i < rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted-foreground/40'}
        />
      ))}
    </span>
  );
}

function ReviewCard({ review, actions }: { review: Review; actions?: React.ReactNode }) {
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium">{review.customerName}</p>
          <p className="text-xs text-muted-foreground">
            {review.customerEmail} · {formatDateTime(review.createdAt)}
          </p>
        </div>
        <Stars rating={review.rating} />
      </div>
      {review.comment ? (
        <p className="text-sm">{review.comment}</p>
      ) : (
        <p className="text-sm text-muted-foreground">Sem comentário.</p>
      )}
      {actions && <div className="flex flex-wrap justify-end gap-2">{actions}</div>}
    </li>
  );
}

export default function ReviewsPage() {
  const queryClient = useQueryClient();
  const data = useQuery({ queryKey: KEY, queryFn: () => api.get<Moderation>('/api/admin/reviews') });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: KEY });
  const approve = useMutation({
    mutationFn: (r: Review) => api.post(`/api/admin/reviews/${r.id}/approve`),
    onSuccess: () => {
      toast.success('Avaliação aprovada!');
      invalidate();
    },
    onError: (err) => toastError(err, 'Erro ao aprovar avaliação'),
  });
  const reject = useMutation({
    mutationFn: (r: Review) => api.delete(`/api/admin/reviews/${r.id}`),
    onSuccess: () => {
      toast.success('Avaliação rejeitada!');
      invalidate();
    },
    onError: (err) => toastError(err, 'Erro ao rejeitar avaliação'),
  });

  if (data.isError) {
    return (
      <div>
        <PageHeader title="Avaliações" />
        <div role="alert" className="rounded-lg border border-destructive/30 p-6 text-center">
          <p className="font-semibold">Erro ao carregar avaliações</p>
          <p className="text-sm text-muted-foreground">Tente novamente mais tarde.</p>
        </div>
      </div>
    );
  }
  const rejectButton = (r: Review) => (
    <ConfirmDialog
      title="Tem certeza que deseja rejeitar esta avaliação?"
      description="Ela será excluída."
      confirmText="Rejeitar"
      onConfirm={() => reject.mutateAsync(r)}
      trigger={
        <Button variant="outline" size="sm">
          <X aria-hidden /> Rejeitar
        </Button>
      }
    />
  );
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Avaliações"
        description="Aprove o que aparece no cardápio ou rejeite (exclui) a avaliação."
        className="mb-0"
      />
      <section aria-labelledby="pending-title" className="grid gap-3">
        <h2 id="pending-title" className="flex items-center gap-2 text-lg font-semibold">
          Aguardando aprovação <Badge variant="warning">{data.data?.counts.pending ?? 0}</Badge>
        </h2>
        {data.isPending ? (
          <Skeleton className="h-28 w-full" />
        ) : data.data.pending.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nenhuma avaliação pendente
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.data.pending.map((r) => (
              <ReviewCard
                key={r.id}
                review={r}
                actions={
                  <>
                    {rejectButton(r)}
                    <Button size="sm" onClick={() => approve.mutate(r)} disabled={approve.isPending}>
                      <Check aria-hidden /> Aprovar
                    </Button>
                  </>
                }
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="approved-title" className="grid gap-3">
        <h2 id="approved-title" className="flex items-center gap-2 text-lg font-semibold">
          Aprovadas <Badge variant="success">{data.data?.counts.approved ?? 0}</Badge>
        </h2>
        {data.isPending ? (
          <Skeleton className="h-28 w-full" />
        ) : data.data.approved.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nenhuma avaliação aprovada
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {data.data.approved.map((r) => (
              <ReviewCard key={r.id} review={r} actions={rejectButton(r)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
