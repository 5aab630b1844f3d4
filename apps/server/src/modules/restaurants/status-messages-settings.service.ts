import { restaurants } from '@meucardapio/db/schema';
import {
  checkStatusTemplate,
  STATUS_MESSAGE_STATUSES,
  type StatusMessageSettings,
} from '@meucardapio/domain/status-messages';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffCtx } from '../../http/context';
import { badRequest } from '../../http/errors';

const entry = z.object({
  enabled: z.boolean({ error: 'Informe se a mensagem está ativa.' }),
  template: z.string({ error: 'Escreva a mensagem.' }).max(2000, 'A mensagem pode ter até 1000 caracteres.'),
});

/** The three status messages, each with its toggle and text. */
export const statusMessagesInput = z.object({
  preparing: entry,
  out_for_delivery: entry,
  delivered: entry,
});

/** Saves the toggles and texts; every text must be filled in and use only the known placeholders. */
export async function updateStatusMessages(
  ctx: StaffCtx,
  input: z.output<typeof statusMessagesInput>,
): Promise<StatusMessageSettings> {
  const settings = {} as StatusMessageSettings;
  for (const status of STATUS_MESSAGE_STATUSES) {
    const template = input[status].template.trim();
    const checked = checkStatusTemplate(status, template);
    if (!checked.ok) throw badRequest(checked.title, checked.description ?? '', checked.code);
    settings[status] = { enabled: input[status].enabled, template };
  }
  await ctx.db
    .update(restaurants)
    .set({ whatsappStatusMessages: settings, updatedAt: new Date() })
    .where(eq(restaurants.id, ctx.restaurantId));
  return settings;
}
