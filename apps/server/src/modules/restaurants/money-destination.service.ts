import { moneyDestinationChanges, restaurants } from '@meucardapio/db/schema';
import type { PixSettingsView } from '@meucardapio/domain/cashier-views';
import {
  MONEY_DESTINATION_MSG,
  type MoneyDestinationChangeView,
  type MoneyDestinationField,
  maskDestination,
} from '@meucardapio/domain/money-destination';
import { checkPixSettings, type PixKeyType } from '@meucardapio/domain/pix';
import { desc, eq } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { verifyStaffPassword } from '../staff/staff-password.service';

/** The PIX key and merchant data of the PDV's local QR codes. */
export async function getPixSettings(ctx: StaffCtx): Promise<PixSettingsView> {
  const r = await restaurantById(ctx.db, ctx.restaurantId);
  return {
    key: r.pixKey,
    keyType: r.pixKeyType as PixKeyType | null,
    merchantName: r.pixMerchantName,
    merchantCity: r.pixMerchantCity,
    configured: Boolean(r.pixKey && r.pixKeyType && r.pixMerchantName && r.pixMerchantCity),
  };
}

/** The latest changes of where the money goes, newest first: the owner's notice (decision 048). */
export async function listMoneyDestinationChanges(ctx: StaffCtx): Promise<MoneyDestinationChangeView[]> {
  const rows = await ctx.db
    .select()
    .from(moneyDestinationChanges)
    .where(eq(moneyDestinationChanges.restaurantId, ctx.restaurantId))
    .orderBy(desc(moneyDestinationChanges.createdAt))
    .limit(20);
  return rows.map((r) => ({
    // The column's check constraint keeps it to these values.
    field: r.field as MoneyDestinationField,
    oldMasked: r.oldMasked,
    newMasked: r.newMasked,
    changedByName: r.changedByName,
    byOwner: r.changedByKind === 'owner',
    createdAt: r.createdAt.toISOString(),
  }));
}

// ─── Writes ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Who may change where the money goes (decision 048): the owner as signed in; anyone else types their
 * own password again, checked under the sign-in throttle, so a session left open on the counter is not
 * enough to send the restaurant's payments elsewhere. Asked only when a value actually changes.
 */
export async function confirmMoneyChange(ctx: StaffCtx, password: string | null | undefined, ip: string) {
  if (ctx.actor.kind === 'owner') return;
  if (!password)
    throw new AppError(
      403,
      'password_required',
      MONEY_DESTINATION_MSG.passwordTitle,
      MONEY_DESTINATION_MSG.passwordRequired,
    );
  const me = await verifyStaffPassword(ctx, { email: ctx.actor.email, password }, ip);
  if (me?.id !== ctx.actor.id)
    throw new AppError(403, 'password_wrong', MONEY_DESTINATION_MSG.passwordTitle, MONEY_DESTINATION_MSG.passwordWrong);
}

/** The restaurant's row locked for a change of where the money goes, so two edits are recorded one after the other. */
export async function lockMoneyDestination(ctx: StaffCtx) {
  const [row] = await ctx.db
    .select({ pixKey: restaurants.pixKey, appClientReferrer: restaurants.appClientReferrer })
    .from(restaurants)
    .where(eq(restaurants.id, ctx.restaurantId))
    .for('update');
  return row;
}

/** One row of the history when the value changed (inside the caller's transaction). */
export async function recordMoneyChange(
  ctx: StaffCtx,
  field: MoneyDestinationField,
  before: string | null,
  after: string | null,
) {
  if ((before ?? null) === (after ?? null)) return;
  await ctx.db.insert(moneyDestinationChanges).values({
    restaurantId: ctx.restaurantId,
    field,
    oldMasked: maskDestination(before),
    newMasked: maskDestination(after),
    changedByKind: ctx.actor.kind,
    changedById: ctx.actor.id,
    changedByName: ctx.actor.name,
  });
}

/** Saves the PIX settings, the key validated and normalized for its type (CPF, CNPJ, e-mail, phone, random). */
export async function updatePixSettings(
  ctx: StaffCtx,
  input: { key: string; keyType: string; merchantName: string; merchantCity: string; currentPassword?: string | null },
  ip: string,
) {
  const checked = checkPixSettings(input);
  if (!checked.ok) throw badRequest(checked.title, checked.description ?? '', checked.code);
  const { key, keyType, merchantName, merchantCity } = checked.settings;
  const current = await restaurantById(ctx.db, ctx.restaurantId);
  if (current.pixKey !== key) await confirmMoneyChange(ctx, input.currentPassword, ip);
  await inTransaction(ctx, async (txCtx) => {
    const locked = await lockMoneyDestination(txCtx);
    const before = locked?.pixKey ?? null;
    if (before !== key && before !== current.pixKey) await confirmMoneyChange(txCtx, input.currentPassword, ip);
    await recordMoneyChange(txCtx, 'pix_key', before, key);
    await txCtx.db
      .update(restaurants)
      .set({
        pixKey: key,
        pixKeyType: keyType,
        pixMerchantName: merchantName,
        pixMerchantCity: merchantCity,
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, ctx.restaurantId));
  });
  return getPixSettings(ctx);
}
