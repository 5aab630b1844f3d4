import { ExternalLink, MessageSquare, Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatRating, reviewsCountLabel } from '../menu-logic';
import type { MenuReviews } from '../menu-types';

/** Five stars, filled up to `value` (halves rounded to the nearest whole star). */
export function Stars({ value, className }: { value: number; className?: string }) {
  const full = Math.round(value);
  return (
    <span
      className={cn('inline-flex gap-0.5', className)}
      role="img"
      aria-label={`${formatRating(value)} de 5 estrelas`}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={cn('size-4', i <= full ? 'fill-amber-400 text-amber-400' : 'fill-muted text-muted-foreground/30')}
        />
      ))}
    </span>
  );
}

/** 'Avaliações dos Clientes': the business listing block and the restaurant's own reviews. */
export function ReviewsTab({ reviews, timezone }: { reviews: MenuReviews; timezone: string }) {
  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-5">
      <h2 id="reviews-title" className="text-xl font-bold">
        Avaliações dos Clientes
      </h2>
      {!reviews.show ? (
        <p className="rounded-xl border bg-card p-6 text-center text-muted-foreground">
          As avaliações não estão sendo exibidas no momento
        </p>
      ) : (
        <div className={cn('grid gap-5', reviews.googleRating !== null && 'md:grid-cols-[minmax(0,20rem)_1fr]')}>
          {reviews.googleRating !== null && reviews.googleReviewsCount !== null && (
            <div className="flex h-fit flex-col items-center gap-2 rounded-xl border bg-card p-6 text-center">
              <span className="text-sm font-medium text-muted-foreground">Avaliações no Google</span>
              <span className="text-4xl font-bold">{formatRating(reviews.googleRating)}</span>
              <Stars value={reviews.googleRating} className="[&_svg]:size-5" />
              <span className="text-sm text-muted-foreground">{reviewsCountLabel(reviews.googleReviewsCount)}</span>
              {reviews.googleMyBusinessUrl ? (
                <Button asChild variant="outline" className="mt-2">
                  <a href={reviews.googleMyBusinessUrl} target="_blank" rel="noopener noreferrer">
                    Ver avaliações no Google
                    <ExternalLink aria-hidden />
                  </a>
                </Button>
              ) : null}
            </div>
          )}

          <div className="flex flex-col gap-4 rounded-xl border bg-card p-5">
            {reviews.count === 0 || reviews.average === null ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center">
                <MessageSquare className="size-8 text-muted-foreground/50" aria-hidden />
                <p className="font-medium">Ainda não há avaliações</p>
                <p className="text-sm text-muted-foreground">Seja o primeiro a avaliar!</p>
              </div>
            ) : (
              <>
                <div className="flex items-center gap-3">
                  <span className="text-3xl font-bold">{formatRating(reviews.average)}</span>
                  <div className="flex flex-col gap-0.5">
                    <Stars value={reviews.average} />
                    <span className="text-sm text-muted-foreground">{reviewsCountLabel(reviews.count)}</span>
                  </div>
                </div>
                <ul className="flex flex-col divide-y">
                  {reviews.latest.map((r) => (
                    <li key={r.id} className="flex flex-col gap-1 py-3">
                      <div className="flex items-center justify-between gap-2">
                        <span className="font-medium">{r.customerName}</span>
                        <span className="text-xs text-muted-foreground">{formatDate(r.createdAt, timezone)}</span>
                      </div>
                      <Stars value={r.rating} />
                      {r.comment ? <p className="text-sm text-muted-foreground">{r.comment}</p> : null}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
