import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { openSecret, sealSecret } from '../secret-box';

/** A secret kept sealed in a text column (see secret-box.ts): queries read and write it in the clear. */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: sealSecret,
  fromDriver: openSecret,
});

/**
 * Owners: people who sign up and own restaurants. Defined beside the restaurants they own so that the
 * account tables import this file and never the other way round.
 */
export const appUsers = pgTable(
  'app_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    companyName: text('company_name'),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('app_users_email_uq').on(t.email)],
);

export const restaurants = pgTable(
  'restaurants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => appUsers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    logoUrl: text('logo_url'),
    bannerUrl: text('banner_url'),
    primaryColor: text('primary_color').notNull().default('#dc2626'),
    secondaryColor: text('secondary_color').notNull().default('#fef3c7'),
    buttonColor: text('button_color').notNull().default('#16a34a'),
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    businessSegment: text('business_segment').notNull().default('restaurant'),
    appClientReferrer: text('app_client_referrer'),
    originPostalCode: text('origin_postal_code'),
    showReviewsOnMenu: boolean('show_reviews_on_menu').notNull().default(true),
    requireReviewApproval: boolean('require_review_approval').notNull().default(false),
    /** Entered by the owner, no default: the menu shows no Google block until rating and count are set. */
    googleRating: numeric('google_rating', { precision: 2, scale: 1, mode: 'number' }),
    googleReviewsCount: integer('google_reviews_count'),
    googleMyBusinessUrl: text('google_my_business_url'),
    whatsapp: text('whatsapp'),
    cnpj: text('cnpj'),
    /** The restaurant's street address: where pickup orders are collected, printed on receipts and fiscal notes. */
    addressCep: text('address_cep'),
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressComplement: text('address_complement'),
    addressNeighborhood: text('address_neighborhood'),
    addressCity: text('address_city'),
    /** UF, two letters. */
    addressState: text('address_state'),
    /** Where the restaurant is on the map, as the owner gave it (ordering apps place the store by it); both or neither. */
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    nomeRazaoSocial: text('nome_razao_social'),
    inscricaoMunicipal: text('inscricao_municipal'),
    inscricaoEstadual: text('inscricao_estadual'),
    /** NFC-e: off until the owner turns it on in Configurações → Fiscal. */
    nfceEnabled: boolean('nfce_enabled').notNull().default(false),
    nfceAmbiente: text('nfce_ambiente').notNull().default('homologacao'),
    /** Código de regime tributário: 1 Simples Nacional, 2 excesso de sublimite, 3 regime normal, 4 MEI. */
    nfceCrt: smallint('nfce_crt').notNull().default(1),
    nfceCscId: text('nfce_csc_id'),
    nfceSerie: integer('nfce_serie').notNull().default(1),
    /** Last NFC-e number handed out in the current série and ambiente; incremented in the sale's transaction. */
    nfceNumber: integer('nfce_number').notNull().default(0),
    /** PDV sales: a note for every sale ('automatic') or only when the cashier asks ('on_request'). */
    nfcePdvMode: text('nfce_pdv_mode').notNull().default('automatic'),
    /** Storefront orders: a note once delivered, once paid, or never. */
    nfceStorefrontMode: text('nfce_storefront_mode').notNull().default('never'),
    /** PIX key for the PDV's local QR codes (normalized for its type: cpf, cnpj, email, phone, random). */
    pixKey: text('pix_key'),
    pixKeyType: text('pix_key_type'),
    pixMerchantName: text('pix_merchant_name'),
    pixMerchantCity: text('pix_merchant_city'),
    /** WhatsApp status messages: per status { enabled, template }; absent statuses use the defaults. */
    whatsappStatusMessages: jsonb('whatsapp_status_messages').$type<Record<string, unknown>>(),
    /** When the owner last saved the opening hours; null while the sign-up's 08:00–18:00 week stands (setup checklist). */
    hoursSetAt: timestamp('hours_set_at', { withTimezone: true }),
    /** Last per-restaurant order number handed out; incremented inside the order transaction. */
    orderSeq: integer('order_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('restaurants_slug_uq').on(t.slug),
    index('restaurants_owner_idx').on(t.ownerId),
    check('restaurants_segment_ck', sql`${t.businessSegment} in ('restaurant','commerce')`),
    check(
      'restaurants_rating_ck',
      sql`${t.googleRating} is null or (${t.googleRating} >= 1 and ${t.googleRating} <= 5)`,
    ),
    check('restaurants_reviews_count_ck', sql`${t.googleReviewsCount} is null or ${t.googleReviewsCount} >= 0`),
    check('restaurants_nfce_ambiente_ck', sql`${t.nfceAmbiente} in ('homologacao','producao')`),
    check('restaurants_nfce_crt_ck', sql`${t.nfceCrt} between 1 and 4`),
    check('restaurants_nfce_serie_ck', sql`${t.nfceSerie} between 0 and 999`),
    check('restaurants_nfce_pdv_mode_ck', sql`${t.nfcePdvMode} in ('automatic','on_request')`),
    check(
      'restaurants_coordinates_ck',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
    check('restaurants_nfce_storefront_mode_ck', sql`${t.nfceStorefrontMode} in ('on_delivery','on_payment','never')`),
  ],
);

/** Write-only credentials, kept apart so no restaurant query can return them by accident. */
export const restaurantSecrets = pgTable('restaurant_secrets', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  nuvemfiscalApiToken: sealedText('nuvemfiscal_api_token'),
  nuvemfiscalClientId: sealedText('nuvemfiscal_client_id'),
  nuvemfiscalClientSecret: sealedText('nuvemfiscal_client_secret'),
  /** The NFC-e's CSC (código de segurança do contribuinte) that signs its QR code. */
  nfceCscToken: sealedText('nfce_csc_token'),
  whatsappApiKey: sealedText('whatsapp_api_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const restaurantHours = pgTable(
  'restaurant_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
    openTime: text('open_time'),
    closeTime: text('close_time'),
  },
  (t) => [
    uniqueIndex('restaurant_hours_day_uq').on(t.restaurantId, t.dayOfWeek),
    check('restaurant_hours_day_ck', sql`${t.dayOfWeek} between 0 and 6`),
    check(
      'restaurant_hours_times_ck',
      sql`${t.isClosed} or (${t.openTime} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.closeTime} ~ '^[0-2][0-9]:[0-5][0-9]$')`,
    ),
  ],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    qrUrl: text('qr_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dining_tables_number_uq').on(t.restaurantId, t.number),
    check('dining_tables_number_ck', sql`${t.number} >= 1`),
  ],
);

/**
 * Each change of where the restaurant's money goes (its PIX key, its payment-provider handle): who,
 * when, and the old and new values masked, so the owner can see a change they did not make (decision 048).
 */
export const moneyDestinationChanges = pgTable(
  'money_destination_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldMasked: text('old_masked'),
    newMasked: text('new_masked'),
    changedByKind: text('changed_by_kind').notNull(),
    changedById: uuid('changed_by_id'),
    changedByName: text('changed_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('money_destination_changes_restaurant_idx').on(t.restaurantId, t.createdAt),
    check('money_destination_changes_field_ck', sql`${t.field} in ('pix_key', 'provider_handle')`),
    check('money_destination_changes_by_ck', sql`${t.changedByKind} in ('owner', 'employee')`),
  ],
);
