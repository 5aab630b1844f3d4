import { MSG } from '@meucardapio/domain/messages';
import { REVIEW_COMMENT_MAX, reviewSchema } from '@meucardapio/domain/validation';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { throttle } from '../../http/rate-limit';
import { parseParams } from '../../http/validate';
import { createPublicReview, listPublicReviews, reviewOrderSummary } from './reviews.service';

export const reviewsRoutes = new Hono<AppEnv>();

// ─── Public (storefront and review page) ─────────────────────────────────────────────────────────

const slugParam = z.object({ slug: z.string().trim().min(1).max(200) });

const newReviewBody = reviewSchema.extend({
  // Anything that is not a uuid cannot name an order: treated as absent, which the service refuses.
  orderId: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' && z.uuid().safeParse(v).success ? v : null)),
});

const reviewOrderParams = z.object({ restaurantId: z.uuid(), orderId: z.uuid() });

/** Maps the first failing field to the spec's text, so the review form can show it as is. */
function reviewValidationError(issues: z.core.$ZodIssue[], raw: unknown): AppError {
  const failed = new Set(issues.map((i) => String(i.path[0] ?? '')));
  // Checked in the order the form shows them: the stars first.
  if (failed.has('rating'))
    return new AppError(400, 'rating_required', MSG.selectRating, 'A nota vai de 1 a 5 estrelas.');
  if (failed.has('customerName')) return badRequest(MSG.requiredFieldsShort, 'Informe seu nome.', 'name_required');
  if (failed.has('customerEmail')) {
    const typed = (raw as { customerEmail?: unknown })?.customerEmail;
    const blank = typeof typed !== 'string' || typed.trim() === '';
    return badRequest(MSG.requiredFieldsShort, blank ? MSG.emailRequired : MSG.invalidEmail, 'email_required');
  }
  if (failed.has('comment'))
    return badRequest(MSG.invalidData, `O comentário pode ter no máximo ${REVIEW_COMMENT_MAX} caracteres.`);
  return badRequest(MSG.invalidData, 'Verifique os campos e tente novamente.');
}

reviewsRoutes.get('/public/restaurants/:slug/reviews', async (c) => {
  const { slug } = parseParams(c, slugParam);
  return c.json(await listPublicReviews({ db: c.get('db') }, slug));
});

/** The order summary of a review link; a malformed link is answered like an unknown order. */
reviewsRoutes.get('/public/restaurants/by-id/:restaurantId/orders/:orderId/review', async (c) => {
  const parsed = reviewOrderParams.safeParse(c.req.param());
  if (!parsed.success) throw notFound('Pedido não encontrado.', 'Verifique o link de avaliação.');
  const { restaurantId, orderId } = parsed.data;
  return c.json({ order: await reviewOrderSummary(c.get('db'), restaurantId, orderId) });
});

reviewsRoutes.post('/public/restaurants/:slug/reviews', async (c) => {
  const { slug } = parseParams(c, slugParam);
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw badRequest(MSG.invalidData, 'O corpo da requisição não é um JSON válido.', 'invalid_json');
  }
  const parsed = newReviewBody.safeParse(raw !== null && typeof raw === 'object' ? raw : {});
  if (!parsed.success) throw reviewValidationError(parsed.error.issues, raw);
  await throttle(c, 'review');
  const result = await createPublicReview({ db: c.get('db'), actor: c.get('actor') }, slug, parsed.data);
  return c.json(result, 201);
});

// ─── Admin moderation (staff) ────────────────────────────────────────────────────────────────────
// Aliased imports: this block is appended to a file other modules edit too.
import { staffCtx as reviewsStaffCtx } from '../../http/guard';
import { idParam as reviewIdParam } from '../../http/validate';
import { approveReview, listReviewsForModeration, rejectReview } from './admin-reviews.service';

reviewsRoutes.get('/admin/reviews', async (c) => {
  const ctx = reviewsStaffCtx(c, 'manage_reviews');
  return c.json(await listReviewsForModeration(ctx));
});

reviewsRoutes.post('/admin/reviews/:id/approve', async (c) => {
  const ctx = reviewsStaffCtx(c, 'manage_reviews');
  const { id } = parseParams(c, reviewIdParam);
  return c.json({ review: await approveReview(ctx, id) });
});

reviewsRoutes.delete('/admin/reviews/:id', async (c) => {
  const ctx = reviewsStaffCtx(c, 'manage_reviews');
  const { id } = parseParams(c, reviewIdParam);
  await rejectReview(ctx, id);
  return c.json({ ok: true });
});
