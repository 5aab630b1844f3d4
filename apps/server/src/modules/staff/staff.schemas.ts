import { maxDiscountPercentSchema } from '@meucardapio/domain/cashier-discounts';
import { MSG } from '@meucardapio/domain/messages';
import { PERMISSION_KEYS, type PermissionKey } from '@meucardapio/domain/permissions';
import { STAFF_PASSWORD_MIN } from '@meucardapio/domain/validation';
import { z } from 'zod';

const required = MSG.fillRequiredFieldsStaff;

const email = z
  .string({ error: required })
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(200)
  .pipe(z.email(MSG.invalidEmail));

/** Create: name, e-mail, password and profile are required ('Preencha todos os campos obrigatórios'). */
export const employeeCreateInput = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(120),
  email,
  password: z.string({ error: required }).min(1, required).min(STAFF_PASSWORD_MIN, MSG.passwordMin8).max(200),
  /** A restaurant profile id, or a default profile type id (copied into a new restaurant profile). */
  profileId: z
    .string({ error: required })
    .min(1, required)
    .pipe(z.uuid({ message: 'Perfil selecionado não encontrado' })),
});

/** Edit: name and e-mail required; a blank password keeps the old one; profile optional. */
export const employeeUpdateInput = z.object({
  name: z.string({ error: required }).trim().min(1, required).max(120),
  email,
  password: z
    .string()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length >= STAFF_PASSWORD_MIN, MSG.passwordMin8),
  profileId: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.uuid({ message: 'Perfil selecionado não encontrado' }).nullable()),
});

export const activeInput = z.object({ active: z.boolean({ error: 'Informe se está ativo.' }) });

const permissionsMap = z
  .record(z.string(), z.boolean())
  .default({})
  .transform((m) => {
    // Exactly the known keys: unknown keys dropped, missing ones false.
    const out = {} as Record<PermissionKey, boolean>;
    for (const k of PERMISSION_KEYS) out[k] = m[k] === true;
    return out;
  });

export const profileInput = z.object({
  name: z.string({ error: 'Informe o nome do perfil.' }).trim().min(1, 'Informe o nome do perfil.').max(120),
  type: z.enum(['admin', 'counter', 'kitchen', 'waiter', 'cashier', 'custom'], { message: 'Tipo de perfil inválido' }),
  permissions: permissionsMap,
  active: z.boolean().optional(),
  maxDiscountPercent: maxDiscountPercentSchema,
});
