import {
  chatMessages,
  customerAddresses,
  customerConsents,
  customers,
  mailOutbox,
  orders,
  outboundMessages,
  passwordResetTokens,
  privacyRequests,
  restaurants,
  reviews,
  sessions,
} from '@meucardapio/db/schema';
import { NO_ORDER_ADDRESS } from '@meucardapio/domain/order-display';
import {
  type AdminPrivacyRequestView,
  anonymisedEmail,
  type ConsentView,
  type CustomerDataExport,
  MARKETING_CONSENT,
  NO_ADDRESS,
  type PrivacyOverview,
  type PrivacyRequestKind,
  type PrivacyRequestView,
  pseudonymFor,
  requestDeadline,
} from '@meucardapio/domain/privacy';
import { and, asc, desc, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { type CustomerCtx, inTransaction, type StaffCtx } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { verifyPassword } from '../auth/passwords';
import { customerOrderViews } from '../orders/order-view';
import { getProfile, listAddresses } from './customer-area.service';

type RequestRow = typeof privacyRequests.$inferSelect;

function requestView(r: RequestRow): PrivacyRequestView {
  return {
    id: r.id,
    kind: r.kind as PrivacyRequestKind,
    requestedAt: r.createdAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** A request answered as it is made (the customer does it themselves), recorded for the owner's list. */
async function recordRequest(ctx: CustomerCtx, kind: PrivacyRequestKind) {
  const now = new Date();
  await ctx.db.insert(privacyRequests).values({
    restaurantId: ctx.restaurantId,
    customerId: ctx.actor.id,
    kind,
    createdAt: now,
    dueAt: requestDeadline(now),
    completedAt: now,
  });
}

const ownConsents = (ctx: CustomerCtx) =>
  ctx.db
    .select()
    .from(customerConsents)
    .where(tenant(customerConsents, ctx.restaurantId, eq(customerConsents.customerId, ctx.actor.id)))
    .orderBy(asc(customerConsents.createdAt), asc(customerConsents.id));

const ownRequests = (ctx: CustomerCtx) =>
  ctx.db
    .select()
    .from(privacyRequests)
    .where(tenant(privacyRequests, ctx.restaurantId, eq(privacyRequests.customerId, ctx.actor.id)))
    .orderBy(desc(privacyRequests.createdAt));

const consentView = (c: typeof customerConsents.$inferSelect): ConsentView => ({
  granted: c.granted,
  version: c.textVersion,
  at: c.createdAt.toISOString(),
});

/** The customer's current marketing consent (the newest answer) and their requests. */
export async function privacyOverview(ctx: CustomerCtx): Promise<PrivacyOverview> {
  const consents = await ownConsents(ctx);
  const latest = consents.at(-1);
  return {
    marketing: latest ? consentView(latest) : null,
    requests: (await ownRequests(ctx)).map(requestView),
  };
}

/**
 * Gives or withdraws consent to marketing messages, recorded with its time and the text's version;
 * order updates never depend on it. Answering the same again records nothing new.
 */
export async function setMarketingConsent(ctx: CustomerCtx, granted: boolean): Promise<PrivacyOverview> {
  return inTransaction(ctx, async (tx) => {
    await lockCustomer(tx);
    const current = (await privacyOverview(tx)).marketing;
    if (current?.granted !== granted || current.version !== MARKETING_CONSENT.version) {
      await tx.db.insert(customerConsents).values({
        restaurantId: tx.restaurantId,
        customerId: tx.actor.id,
        purpose: 'marketing',
        granted,
        textVersion: MARKETING_CONSENT.version,
      });
    }
    return privacyOverview(tx);
  });
}

async function lockCustomer(ctx: CustomerCtx) {
  const [row] = await ctx.db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(tenant(customers, ctx.restaurantId, eq(customers.id, ctx.actor.id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Messages of the customer's conversations: theirs, to them, or about their orders. */
function ownChat(ctx: CustomerCtx, orderIds: string[]): SQL {
  const me = ctx.actor.id;
  return tenant(
    chatMessages,
    ctx.restaurantId,
    or(
      and(eq(chatMessages.senderType, 'customer'), eq(chatMessages.senderId, me)),
      and(eq(chatMessages.recipientType, 'customer'), eq(chatMessages.recipientId, me)),
      orderIds.length > 0 ? inArray(chatMessages.orderId, orderIds) : undefined,
    ),
  );
}

/**
 * Everything this restaurant holds about the signed-in customer — profile, addresses, every order with
 * its items, reviews, conversations, consents and requests — read in one transaction, with the request
 * recorded. Nothing of another customer or restaurant: every query is this restaurant's and this customer's.
 */
export async function exportMyData(ctx: CustomerCtx): Promise<CustomerDataExport> {
  return inTransaction(ctx, async (tx) => {
    await lockCustomer(tx);
    await recordRequest(tx, 'export');
    const [restaurant] = await tx.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, tx.restaurantId));
    const orderRows = await tx.db
      .select()
      .from(orders)
      .where(tenant(orders, tx.restaurantId, eq(orders.customerId, tx.actor.id)))
      .orderBy(asc(orders.createdAt), asc(orders.number));
    const reviewRows = await tx.db
      .select()
      .from(reviews)
      .where(tenant(reviews, tx.restaurantId, eq(reviews.customerId, tx.actor.id)))
      .orderBy(asc(reviews.createdAt));
    const chatRows = await tx.db
      .select()
      .from(chatMessages)
      .where(
        ownChat(
          tx,
          orderRows.map((o) => o.id),
        ),
      )
      .orderBy(asc(chatMessages.createdAt));
    return {
      generatedAt: new Date().toISOString(),
      restaurant: { name: restaurant.name },
      profile: await getProfile(tx),
      addresses: await listAddresses(tx),
      orders: await customerOrderViews(tx.db, tx.restaurantId, orderRows),
      reviews: reviewRows.map((r) => ({
        orderId: r.orderId,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.createdAt.toISOString(),
      })),
      chat: chatRows.map((m) => ({
        orderId: m.orderId,
        from: m.senderType === 'customer' ? 'Você' : m.senderName,
        message: m.message,
        createdAt: m.createdAt.toISOString(),
      })),
      consents: (await ownConsents(tx)).map((c) => ({
        purpose: 'marketing' as const,
        text: MARKETING_CONSENT.text,
        ...consentView(c),
      })),
      requests: (await ownRequests(tx)).map(requestView),
    };
  });
}

/** Delivered and cancelled orders are over; any other still needs the customer's name, phone and address. */
const FINAL_STATUSES = ['delivered', 'cancelled'];

const wrongPassword = () =>
  badRequest('Senha incorreta', 'Digite a senha da sua conta para confirmar a exclusão.', 'wrong_password');

/**
 * Deletes the signed-in customer's account, after their password: name, phone, e-mail and addresses go,
 * everywhere this restaurant kept them (the account, saved addresses, orders, reviews, messages, mail and
 * WhatsApp logs), while orders stay — totals, items, payments — under a pseudonym, for the restaurant's
 * books and fiscal records. Every session of the account ends (open live streams with them). Refused
 * while an order is still on its way.
 */
export async function deleteMyAccount(ctx: CustomerCtx, password: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { passwordHash } = await lockCustomer(tx);
    if (!(await verifyPassword(passwordHash, password)).ok) throw wrongPassword();
    const me = tx.actor.id;
    const [open] = await tx.db
      .select({ number: orders.number })
      .from(orders)
      .where(tenant(orders, tx.restaurantId, eq(orders.customerId, me), notInArray(orders.status, FINAL_STATUSES)))
      .limit(1);
    if (open) {
      throw new AppError(
        409,
        'order_in_progress',
        'Pedido em andamento',
        `Seu pedido #${open.number} ainda não terminou. Depois da entrega (ou do cancelamento), você poderá excluir sua conta.`,
      );
    }
    const pseudonym = pseudonymFor(me);
    const [{ email }] = await tx.db
      .select({ email: customers.email })
      .from(customers)
      .where(tenant(customers, tx.restaurantId, eq(customers.id, me)));
    const orderIds = (
      await tx.db
        .update(orders)
        .set({
          customerName: pseudonym,
          customerPhone: null,
          customerEmail: null,
          ...NO_ORDER_ADDRESS,
          note: null,
          updatedAt: new Date(),
        })
        .where(tenant(orders, tx.restaurantId, eq(orders.customerId, me)))
        .returning({ id: orders.id })
    ).map((o) => o.id);
    if (orderIds.length > 0) {
      await tx.db
        .delete(outboundMessages)
        .where(tenant(outboundMessages, tx.restaurantId, inArray(outboundMessages.orderId, orderIds)));
    }
    await tx.db
      .update(reviews)
      .set({ customerName: pseudonym, customerEmail: anonymisedEmail(me) })
      .where(tenant(reviews, tx.restaurantId, eq(reviews.customerId, me)));
    await tx.db
      .update(chatMessages)
      .set({ senderName: pseudonym })
      .where(
        tenant(chatMessages, tx.restaurantId, eq(chatMessages.senderType, 'customer'), eq(chatMessages.senderId, me)),
      );
    await tx.db
      .delete(customerAddresses)
      .where(tenant(customerAddresses, tx.restaurantId, eq(customerAddresses.customerId, me)));
    await tx.db.delete(mailOutbox).where(tenant(mailOutbox, tx.restaurantId, eq(mailOutbox.to, email)));
    await tx.db
      .delete(passwordResetTokens)
      .where(
        tenant(
          passwordResetTokens,
          tx.restaurantId,
          eq(passwordResetTokens.kind, 'customer'),
          eq(passwordResetTokens.subjectId, me),
        ),
      );
    await tx.db
      .update(customers)
      .set({
        ...NO_ADDRESS,
        name: pseudonym,
        phone: '',
        email: anonymisedEmail(me),
        passwordHash: null,
        birthDay: null,
        birthMonth: null,
        updatedAt: new Date(),
      })
      .where(tenant(customers, tx.restaurantId, eq(customers.id, me)));
    await recordRequest(tx, 'deletion');
    // Deleting the rows is what ends them: each deletion is announced and open streams close at once.
    await tx.db.delete(sessions).where(and(eq(sessions.kind, 'customer'), eq(sessions.customerId, me)));
  });
}

/** The owner's list of requests, newest first, each with its LGPD deadline. */
export async function listPrivacyRequests(ctx: StaffCtx): Promise<AdminPrivacyRequestView[]> {
  const rows = await ctx.db
    .select({ r: privacyRequests, name: customers.name })
    .from(privacyRequests)
    .leftJoin(
      customers,
      and(eq(customers.id, privacyRequests.customerId), eq(customers.restaurantId, privacyRequests.restaurantId)),
    )
    .where(tenant(privacyRequests, ctx.restaurantId))
    .orderBy(desc(privacyRequests.createdAt))
    .limit(500);
  return rows.map(({ r, name }) => ({ ...requestView(r), customerId: r.customerId, customerName: name ?? '—' }));
}
