import { z } from 'zod';
import { formatPhone, isValidPhoneBR } from './phone';

/**
 * Delivery people without a login (a freelance motoboy): the owner records a name and a phone, the
 * board can send a delivery order out with one of them, and staff confirm the delivery with the
 * customer's 4 digits as for any other delivery.
 */

/** POST/PUT /api/admin/couriers body. */
export const courierInputSchema = z.object({
  name: z
    .string({ message: 'Informe o nome do entregador.' })
    .trim()
    .min(1, 'Informe o nome do entregador.')
    .max(120, 'Nome muito longo.'),
  phone: z
    .string({ message: 'Informe o telefone do entregador.' })
    .trim()
    .max(30)
    .refine(isValidPhoneBR, 'Telefone inválido: use DDD e número, ex.: (31) 98765-4321.')
    .transform(formatPhone),
});
export type CourierInput = z.output<typeof courierInputSchema>;

export type CourierView = { id: string; name: string; phone: string };
