import { z } from 'zod';
import { cepRegion } from './cep-region';
import { isImageUrl } from './image-variants';
import { MSG } from './messages';

/**
 * Form schemas shared by the web forms (react-hook-form + zodResolver) and the server routes, so
 * both refuse the same input with the same pt-BR text. Field names are camelCase like the API.
 */

/** A required text: trimmed, and blank, missing or non-text all fail with the same message. */
function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, MSG.tooLong);
}

/** An optional text: trimmed; blank becomes undefined so "not given" has one representation. */
function optionalTextUpTo(max: number) {
  return z
    .string()
    .trim()
    .max(max, MSG.tooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));
}
const optionalText = optionalTextUpTo(500);

/** Longest review comment (the review page's counter shows it). */
export const REVIEW_COMMENT_MAX = 2000;

/** An e-mail: trimmed and lower-cased before checking, since people type ' Ana@Mail.com '. */
function emailField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, requiredMessage)
    .max(254, MSG.tooLong)
    .pipe(z.email(MSG.invalidEmail));
}

/** An optional whole number in a range; '' and null (an untouched form field) mean not given. */
function optionalIntInRange(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

export const CUSTOMER_PASSWORD_MIN = 6;
export const STAFF_PASSWORD_MIN = 8;
export const DEFAULT_CUSTOMER_STATE = 'SP';
export const MAX_SAVED_ADDRESSES = 4;

/**
 * Customer sign-up: name, phone, e-mail, password, address, number, neighbourhood, city and CEP are
 * required ('Todos os campos são obrigatórios para o cadastro.'); password ≥ 6; birthday optional;
 * state defaults to SP.
 */
export const customerRegistrationSchema = z.object({
  name: requiredText(MSG.allFieldsRequired),
  phone: requiredText(MSG.allFieldsRequired),
  email: emailField(MSG.allFieldsRequired),
  password: z
    .string({ error: MSG.allFieldsRequired })
    .min(1, MSG.allFieldsRequired)
    .min(CUSTOMER_PASSWORD_MIN, MSG.passwordMin6)
    .max(200, MSG.tooLong),
  address: requiredText(MSG.allFieldsRequired),
  number: requiredText(MSG.allFieldsRequired),
  complement: optionalText,
  neighborhood: requiredText(MSG.allFieldsRequired),
  city: requiredText(MSG.allFieldsRequired),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .nullable()
    .transform((v) => v || DEFAULT_CUSTOMER_STATE),
  cep: requiredText(MSG.allFieldsRequired),
  birthDay: optionalIntInRange(1, 31, MSG.invalidBirthDay),
  birthMonth: optionalIntInRange(1, 12, MSG.invalidBirthMonth),
});
export type CustomerRegistrationInput = z.input<typeof customerRegistrationSchema>;
export type CustomerRegistration = z.output<typeof customerRegistrationSchema>;

const profileText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.tooLong)
    .nullish()
    .transform((v) => v || null);

/** A birthday part in the profile: blank or null clears it, anything else must be a whole number in range. */
function birthPart(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullish(),
  );
}

/**
 * The customer's own profile (customer area): name and phone required ('Preencha todos os campos
 * obrigatórios.'); address fields optional; birthday day 1–31 and month 1–12 optional.
 */
export const customerProfileSchema = z.object({
  name: z.string({ error: MSG.fillRequiredFields }).trim().min(1, MSG.fillRequiredFields).max(120, MSG.tooLong),
  phone: z.string({ error: MSG.fillRequiredFields }).trim().min(1, MSG.fillRequiredFields).max(30, MSG.tooLong),
  cep: profileText(12),
  address: profileText(200),
  number: profileText(20),
  complement: profileText(120),
  neighborhood: profileText(120),
  city: profileText(120),
  state: profileText(2),
  birthDay: birthPart(1, 31, MSG.invalidBirthDay),
  birthMonth: birthPart(1, 12, MSG.invalidBirthMonth),
});
export type CustomerProfileInput = z.input<typeof customerProfileSchema>;
export type CustomerProfileSaved = z.output<typeof customerProfileSchema>;

/**
 * Login (customers, and staff on the shared screen): e-mail and password required
 * ('E-mail e senha são obrigatórios'); the e-mail is trimmed and lower-cased. The password is not
 * trimmed: spaces may be part of it.
 */
export const loginSchema = z.object({
  email: emailField(MSG.emailPasswordRequired),
  password: z.string({ error: MSG.emailPasswordRequired }).min(1, MSG.emailPasswordRequired).max(200, MSG.tooLong),
});
export const customerLoginSchema = loginSchema;
export type LoginInput = z.input<typeof loginSchema>;

/** Password recovery: the e-mail only. */
export const passwordRecoverySchema = z.object({ email: emailField(MSG.emailRequired) });

/**
 * An address-book entry: name (e.g. 'Casa'), address, number, neighbourhood and CEP required
 * ('Preencha todos os campos obrigatórios.'); complement, city and state optional, blank ones null
 * so that an edit can clear them.
 */
export const addressEntrySchema = z.object({
  name: requiredText(MSG.fillRequiredFields, 60),
  address: requiredText(MSG.fillRequiredFields, 200),
  number: requiredText(MSG.fillRequiredFields, 20),
  complement: profileText(120),
  neighborhood: requiredText(MSG.fillRequiredFields, 120),
  city: profileText(120),
  state: profileText(2),
  cep: requiredText(MSG.fillRequiredFields, 12),
});
export type AddressEntryInput = z.input<typeof addressEntrySchema>;
export type AddressEntry = z.output<typeof addressEntrySchema>;

/** Whether one more address may be saved (at most 4 per customer, else 'Limite atingido'). */
export function canAddAddress(savedCount: number): boolean {
  return savedCount < MAX_SAVED_ADDRESSES;
}

/**
 * A review: a rating 1–5 is required ('Por favor, selecione uma avaliação'); name and e-mail required;
 * comment optional. A rating of 0 is how an untouched star picker reads, so it is "not selected".
 */
export const reviewSchema = z.object({
  // A number, as the star picker holds it: '5' in a JSON body is a malformed request, not a rating.
  rating: z.number({ error: MSG.selectRating }).int(MSG.selectRating).min(1, MSG.selectRating).max(5, MSG.selectRating),
  customerName: requiredText(MSG.fillRequiredFields, 120),
  customerEmail: emailField(MSG.fillRequiredFields),
  comment: optionalTextUpTo(REVIEW_COMMENT_MAX),
});
export type ReviewInput = z.output<typeof reviewSchema>;

/**
 * Staff (owner) sign-up: name, e-mail and password required, company name optional (the restaurant
 * is then named 'Minha Empresa'); staff passwords need 8 characters (ARCHITECTURE §6.1).
 */
/** The restaurant's CEP: 8 digits inside a Brazilian state's range, kept as digits. */
const restaurantCep = z
  .string()
  .trim()
  .max(9, MSG.tooLong)
  .transform((v) => v.replace(/\D/g, ''))
  .refine((v) => cepRegion(v) !== null, MSG.invalidRestaurantCep);

/**
 * Owner sign-up. The restaurant's CEP (and its city when the CEP is not a capital's) sets the
 * restaurant's address and its first delivery state and city; clients that send no CEP get a
 * restaurant without them, as before.
 */
export const staffSignUpSchema = z.object({
  name: requiredText(MSG.fillRequiredFieldsStaff),
  companyName: optionalText,
  email: emailField(MSG.fillRequiredFieldsStaff),
  password: z
    .string({ error: MSG.fillRequiredFieldsStaff })
    .min(1, MSG.fillRequiredFieldsStaff)
    .min(STAFF_PASSWORD_MIN, MSG.passwordMin8)
    .max(200, MSG.tooLong),
  cep: restaurantCep.optional(),
  city: optionalTextUpTo(120),
});
export type StaffSignUp = z.output<typeof staffSignUpSchema>;

/** The sign-up form: the restaurant's CEP is asked of everyone who signs up on the screen. */
export const staffSignUpFormSchema = staffSignUpSchema.extend({
  cep: z.string({ error: MSG.invalidRestaurantCep }).trim().min(1, MSG.invalidRestaurantCep).pipe(restaurantCep),
});

/** The restaurant name used when the owner signs up without a company name. */
export const DEFAULT_COMPANY_NAME = 'Minha Empresa';

/** The first issue's message of a failed parse, for a toast. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? MSG.invalidData;
}

/** An optional image address field of a form: blank becomes null; anything else must pass `isImageUrl`. */
export const imageUrlField = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isImageUrl(v), {
    message: 'Informe um endereço de imagem válido (http:// ou https://).',
  });
