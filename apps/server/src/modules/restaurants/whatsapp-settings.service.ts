import { outboundMessages, restaurantSecrets } from '@meucardapio/db/schema';
import { onlyDigits } from '@meucardapio/domain/phone';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCtx } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import type { whatsappTestInput } from './settings.schemas';
import { upsertSecrets } from './settings-secrets';

export async function saveWhatsappKey(ctx: StaffCtx, apiKey: string | null | undefined) {
  const key = apiKey?.trim();
  if (!key) throw badRequest('API Key obrigatória', 'Informe a API Key do WhatsApp.', 'api_key_required');
  await upsertSecrets(ctx, { whatsappApiKey: key });
  return { ok: true, configured: { apiKey: true } };
}

/** 'API key inválida...' when the provider refused the key or answered non-2xx; otherwise its own message. */
function whatsappErrorText(message: string): string {
  if (/invalid|inv[aá]lid|unauthori[sz]ed|api[ _-]?key|chave|respondeu|status|\b[45]\d\d\b/i.test(message)) {
    return 'API key inválida ou serviço indisponível. Verifique a chave e tente novamente.';
  }
  return message || 'Não foi possível enviar a mensagem de teste.';
}

/** WhatsApp form: country code + DDD + number, digits only; a national number gets Brazil's 55. */
function whatsappNumber(phone: string): string | null {
  const d = onlyDigits(phone);
  if (d.length === 10 || d.length === 11) return `55${d}`;
  if (d.length >= 12 && d.length <= 13) return d;
  return null;
}

/** Sends a test message through the messaging integration and records it in the outbox. */
export async function testWhatsapp(ctx: StaffCtx, input: z.output<typeof whatsappTestInput>) {
  if (!input.phone?.trim())
    throw badRequest('Número obrigatório', 'Informe o número com código do país e DDD.', 'phone_required');
  const phone = whatsappNumber(input.phone);
  if (!phone) {
    throw badRequest(
      'Número inválido',
      'Use o formato código do país + DDD + número (ex.: 5511987654321).',
      'invalid_phone',
    );
  }
  const body =
    input.message?.trim() || 'Mensagem de teste do MeuCardápio: sua integração com o WhatsApp está funcionando!';
  const [s] = await ctx.db
    .select({ apiKey: restaurantSecrets.whatsappApiKey })
    .from(restaurantSecrets)
    .where(eq(restaurantSecrets.restaurantId, ctx.restaurantId))
    .limit(1);
  // Recorded after the attempt with its final status: the order notifier drains 'pending' rows,
  // and a test must never be sent twice.
  const record = (status: 'sent' | 'failed', lastError: string | null) =>
    ctx.db.insert(outboundMessages).values({
      restaurantId: ctx.restaurantId,
      kind: 'test',
      phone,
      body,
      status,
      attempts: 1,
      lastError,
      sentAt: status === 'sent' ? new Date() : null,
    });
  try {
    await ctx.deps.integrations.messaging.send({
      restaurantId: ctx.restaurantId,
      phone,
      body,
      apiKey: s?.apiKey ?? null,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await record('failed', message.slice(0, 500));
    throw new AppError(400, 'whatsapp_test_failed', 'Erro no teste', whatsappErrorText(message));
  }
  await record('sent', null);
  return { success: true };
}
