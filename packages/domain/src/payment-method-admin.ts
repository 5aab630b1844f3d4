import { z } from 'zod';

/**
 * The payment-methods screen's contract: the body the admin form sends and the method the server
 * answers, shared by the routes and the admin page.
 */

export const paymentMethodInputSchema = z.object({
  name: z.string({ message: 'Informe o nome' }).trim().min(1, { message: 'Informe o nome' }).max(80),
  description: z
    .string()
    .max(300)
    .nullish()
    .transform((v) => v ?? null),
  icon: z
    .string()
    .max(16)
    .nullish()
    .transform((v) => v ?? null),
  active: z.boolean().default(true),
  requiresChange: z.boolean().default(false),
  infinitepayEnabled: z.boolean().default(false),
  maxInstallments: z
    .number({ message: 'Parcelas inválidas' })
    .int({ message: 'Parcelas inválidas' })
    .min(1, { message: 'Parcelas: de 1 a 12' })
    .max(12, { message: 'Parcelas: de 1 a 12' })
    .default(1),
});
export type PaymentMethodInput = z.output<typeof paymentMethodInputSchema>;

export type PaymentMethodView = PaymentMethodInput & { id: string; createdAt: string };
