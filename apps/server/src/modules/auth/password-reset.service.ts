import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { appUsers, customers, employees, passwordResetTokens, sessions, staffEmails } from '@meucardapio/db/schema';
import { MSG } from '@meucardapio/domain/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { hit, LIMITS } from '../../http/rate-limit';
import { restaurantBySlug } from '../../tenancy/restaurant-lookup';
import { hashPassword } from './passwords';

const RESET_TTL_MS = 60 * 60_000;

async function issueResetToken(
  deps: Deps,
  to: string,
  kind: 'owner' | 'employee' | 'customer',
  subjectId: string,
  restaurantId: string | null,
) {
  const token = randomBytes(32).toString('base64url');
  await deps.database.db.transaction(async (tx) => {
    // Only the newest link works: one left in an old e-mail is void once another is asked for.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.kind, kind),
          eq(passwordResetTokens.subjectId, subjectId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await tx.insert(passwordResetTokens).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      kind,
      subjectId,
      restaurantId,
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
  });
  const link = `${deps.config.publicUrl}/auth/reset?token=${token}`;
  await deps.integrations.mail.send({
    to,
    restaurantId,
    subject: 'Redefinição de senha — MeuCardápio',
    body: `Olá! Para criar uma nova senha, acesse: ${link}\nO link vale por 1 hora. Se você não pediu, ignore este e-mail.`,
    secrets: [token],
  });
}

/**
 * A few recovery mails per address and hour, whether or not the account exists; past that the request
 * answers the same without a mail, so nobody can flood an inbox or learn which addresses are accounts.
 */
const mayMail = (db: Db, email: string) => hit(db, `recover:acct:${email}`, LIMITS.recoverAccount);

/** Staff recovery always answers the same way, so it cannot be used to discover accounts. */
export async function recoverStaff(deps: Deps, emailInput: string) {
  const db = deps.database.db;
  const email = emailInput.trim().toLowerCase();
  if (!(await mayMail(db, email))) return;
  // The address's claim names its one staff account, never a look-alike in another restaurant.
  const [claim] = await db
    .select({ appUserId: staffEmails.appUserId, employeeId: employees.id, restaurantId: employees.restaurantId })
    .from(staffEmails)
    .leftJoin(employees, eq(employees.id, staffEmails.employeeId))
    .where(eq(staffEmails.email, email))
    .limit(1);
  if (claim?.employeeId) return issueResetToken(deps, email, 'employee', claim.employeeId, claim.restaurantId);
  if (claim?.appUserId) return issueResetToken(deps, email, 'owner', claim.appUserId, null);
}

/** Customer recovery on a storefront; answers the same for unknown e-mails. */
export async function recoverCustomer(deps: Deps, slug: string, emailInput: string) {
  const db = deps.database.db;
  const restaurant = await restaurantBySlug(db, slug);
  const email = emailInput.trim().toLowerCase();
  if (!(await mayMail(db, `${restaurant.id}:${email}`))) return;
  const [cust] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)))
    .limit(1);
  // Same answer as for a known e-mail: the storefront must not tell who is a customer.
  if (!cust) return;
  await issueResetToken(deps, email, 'customer', cust.id, restaurant.id);
}

/** Sets a new password from a reset link; the link works once and every open session of that account ends. */
export async function resetPassword(db: Db, token: string, password: string) {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!row) throw badRequest('Link inválido ou expirado', 'Peça um novo e-mail de recuperação.');
    if (row.kind === 'customer' && password.length < 6) throw badRequest('Senha curta', MSG.passwordMin6);
    if (row.kind !== 'customer' && password.length < 8) {
      throw badRequest('Senha curta', 'A senha deve ter pelo menos 8 caracteres');
    }
    if (row.kind === 'owner') {
      await tx.update(appUsers).set({ passwordHash: hash }).where(eq(appUsers.id, row.subjectId));
      await tx.delete(sessions).where(eq(sessions.appUserId, row.subjectId));
    } else if (row.kind === 'employee') {
      await tx.update(employees).set({ passwordHash: hash }).where(eq(employees.id, row.subjectId));
      await tx.delete(sessions).where(eq(sessions.employeeId, row.subjectId));
    } else {
      await tx.update(customers).set({ passwordHash: hash }).where(eq(customers.id, row.subjectId));
      await tx.delete(sessions).where(eq(sessions.customerId, row.subjectId));
    }
  });
}
