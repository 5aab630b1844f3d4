import { isValidCep, isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from '@meucardapio/domain/phone';
import {
  COORDINATES_PROBLEM,
  isHexColor,
  isValidGoogleRating,
  isValidTimezone,
  parseCoordinates,
  SLUG_PROBLEM_TEXT,
} from '@meucardapio/domain/restaurant-settings';
import { imageUrlField } from '@meucardapio/domain/validation';
import { z } from 'zod';

const optText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

const color = (label: string) =>
  z
    .string({ error: `Informe a ${label}.` })
    .trim()
    .refine(isHexColor, `A ${label} deve estar no formato #rrggbb.`)
    .transform((v) => v.toLowerCase());

export const generalInput = z.object({
  name: z.string().max(120).nullish(),
  slug: z.string({ error: SLUG_PROBLEM_TEXT.empty }).trim().toLowerCase().max(60),
  description: optText(2000),
  logoUrl: imageUrlField,
  bannerUrl: imageUrlField,
  primaryColor: color('cor principal'),
  secondaryColor: color('cor secundária'),
  buttonColor: color('cor dos botões'),
  timezone: z.string().trim().max(64).refine(isValidTimezone, 'Fuso horário inválido.'),
  businessSegment: z.enum(['restaurant', 'commerce'], { message: 'Segmento inválido.' }),
  appClientReferrer: optText(60),
  /** The editor's own password: needed when someone other than the owner changes the handle above. */
  currentPassword: z.string().max(200).nullish(),
  originPostalCode: optText(9).refine((v) => v === null || isValidCep(onlyDigits(v)), 'CEP de origem inválido.'),
  whatsapp: optText(20).refine(
    (v) => v === null || /^\d{10,13}$/.test(onlyDigits(v)),
    'WhatsApp inválido: informe DDD e número.',
  ),
  cnpj: optText(18).refine((v) => v === null || isValidCnpj(v), 'CNPJ inválido.'),
  // The restaurant's street address: where pickup orders are collected; printed on receipts and fiscal notes.
  addressCep: optText(9).refine((v) => v === null || isValidCep(onlyDigits(v)), 'CEP do endereço inválido.'),
  addressStreet: optText(200),
  addressNumber: optText(20),
  addressComplement: optText(120),
  addressNeighborhood: optText(120),
  addressCity: optText(120),
  addressState: optText(2).transform((v) => v?.toUpperCase() ?? null),
  /** Where the restaurant is on the map ("-23.561414, -46.655881"): ordering apps place the store by it. */
  coordinates: optText(60).refine((v) => parseCoordinates(v) !== 'invalid', COORDINATES_PROBLEM),
});

export const reviewsInput = z.object({
  showReviewsOnMenu: z.boolean(),
  requireReviewApproval: z.boolean(),
  googleRating: z
    .number({ error: 'A nota do Google deve estar entre 1 e 5.' })
    .refine(isValidGoogleRating, 'A nota do Google deve estar entre 1 e 5, com uma casa decimal.')
    .nullish(),
  googleReviewsCount: z
    .number({ error: 'O número de avaliações deve ser 0 ou maior.' })
    .int('O número de avaliações deve ser inteiro.')
    .min(0, 'O número de avaliações deve ser 0 ou maior.')
    .max(100_000_000)
    .nullish(),
  googleMyBusinessUrl: optText(2000).refine(
    (v) => v === null || /^https?:\/\/\S+$/i.test(v),
    'Informe um link válido (https://...).',
  ),
});

/** Secrets: blank or absent keeps the stored value (they are write-only and never shown). */
const secret = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

export const fiscalInput = z.object({
  nomeRazaoSocial: optText(200),
  inscricaoMunicipal: optText(30),
  inscricaoEstadual: optText(30),
  nuvemfiscalApiToken: secret,
  nuvemfiscalClientId: secret,
  nuvemfiscalClientSecret: secret,
  nfceEnabled: z.boolean().optional(),
  nfceAmbiente: z.enum(['homologacao', 'producao'], { message: 'Ambiente inválido' }).optional(),
  nfceCrt: z.number().int().min(1, 'Regime tributário inválido').max(4, 'Regime tributário inválido').optional(),
  nfceCscId: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'O ID do CSC tem só números (até 6 dígitos).')
    .nullish()
    .or(z.literal('').transform(() => null)),
  nfceSerie: z.number().int().min(0, 'Série entre 0 e 999').max(999, 'Série entre 0 e 999').optional(),
  nfcePdvMode: z.enum(['automatic', 'on_request'], { message: 'Modo de emissão inválido' }).optional(),
  nfceStorefrontMode: z
    .enum(['on_delivery', 'on_payment', 'never'], { message: 'Modo de emissão inválido' })
    .optional(),
  nfceCscToken: secret,
});

export const whatsappKeyInput = z.object({ apiKey: z.string().max(2000).nullish() });
export const whatsappTestInput = z.object({
  phone: z.string().max(40).nullish(),
  message: z.string().max(1000).nullish(),
});
