import { randomBytes } from 'node:crypto';
import type { Db } from '@meucardapio/db/client';
import { findCity, listStates } from '@meucardapio/db/geo/geo';
import {
  appUsers,
  customers,
  deliveryStates,
  employees,
  restaurantHours,
  restaurants,
  staffEmails,
  userProfiles,
} from '@meucardapio/db/schema';
import { cepRegion } from '@meucardapio/domain/cep-region';
import { MSG } from '@meucardapio/domain/messages';
import { formatCep, onlyDigits } from '@meucardapio/domain/phone';
import { RESERVED_SLUGS } from '@meucardapio/domain/restaurant-settings';
import { and, desc, eq } from 'drizzle-orm';
import { AppError, badRequest, conflict } from '../../http/errors';
import { startLoginAttempt } from '../../http/rate-limit';
import type { SessionSubject } from '../../http/session';
import { restaurantBySlug } from '../../tenancy/restaurant-lookup';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords';

const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Erro no login', MSG.invalidCredentials);

export type { SessionSubject };

/** URL-safe slug from a name: lowercase ASCII letters, digits and hyphens. */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'minha-empresa'
  );
}

/**
 * Paths of the web app and the server (the settings form refuses them too), and the demo's slug, which a
 * new restaurant never takes even where the demo is not seeded.
 */
const SIGNUP_RESERVED_SLUGS = new Set([...RESERVED_SLUGS, 'demo-restaurant']);

async function uniqueSlug(db: Db, base: string): Promise<string> {
  let slug = SIGNUP_RESERVED_SLUGS.has(base) ? `${base}-${randomBytes(2).toString('hex')}` : base;
  for (let i = 0; i < 20; i++) {
    const [taken] = await db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.slug, slug))
      .limit(1);
    if (!taken) return slug;
    slug = `${base}-${randomBytes(2).toString('hex')}`;
  }
  return `${base}-${randomBytes(6).toString('hex')}`;
}

/** Where a new restaurant is: its CEP, and the state and city that CEP lies in. */
type RestaurantPlace = { cep: string; state: { code: string; name: string }; city: string };

/**
 * The place of a restaurant signing up: the state always comes from the CEP; the city is the one the
 * owner typed (a municipality of that state, any accents or case) or, left blank, the capital whose
 * range holds the CEP. Checked before anything is written.
 */
function restaurantPlace(cep: string, typedCity: string | undefined): RestaurantPlace {
  const region = cepRegion(cep);
  const state = region && listStates().find((s) => s.code === region.state);
  if (!region || !state) throw badRequest('CEP inválido', MSG.invalidRestaurantCep, 'invalid_cep');
  const city = typedCity ? findCity(state.code, typedCity) : region.capital;
  if (typedCity && !city)
    throw badRequest('Cidade inválida', `${typedCity} não é uma cidade de ${state.name}.`, 'invalid_city');
  if (!city)
    throw badRequest('Cidade obrigatória', `Informe a cidade do restaurante (${state.name}).`, 'city_required');
  return { cep: formatCep(cep), state: { code: state.code, name: state.name }, city };
}

/**
 * The first restaurant of an owner, created on first sign-in when missing ("Minha Empresa" by default).
 * With its place, the restaurant starts with its address's CEP, city and state, and delivers in its own
 * city: a delivery area needs a state and city as well as neighbourhoods.
 */
async function ensureOwnerRestaurant(
  db: Db,
  owner: typeof appUsers.$inferSelect,
  place?: RestaurantPlace,
): Promise<string> {
  const [existing] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.ownerId, owner.id))
    .orderBy(restaurants.createdAt)
    .limit(1);
  if (existing) return existing.id;
  const name = owner.companyName?.trim() || 'Minha Empresa';
  const slug = await uniqueSlug(db, slugify(name));
  return db.transaction(async (tx) => {
    const [r] = await tx
      .insert(restaurants)
      .values({
        ownerId: owner.id,
        name,
        slug,
        timezone: 'America/Sao_Paulo',
        businessSegment: 'restaurant',
        ...(place && {
          addressCep: place.cep,
          addressCity: place.city,
          addressState: place.state.code,
          originPostalCode: place.cep,
        }),
      })
      .returning({ id: restaurants.id });
    if (place) {
      await tx.insert(deliveryStates).values({
        restaurantId: r.id,
        code: place.state.code,
        name: place.state.name,
        cities: [place.city],
        active: true,
      });
    }
    // A new restaurant opens 08:00–18:00 every day until the owner sets its hours.
    await tx.insert(restaurantHours).values(
      Array.from({ length: 7 }, (_, day) => ({
        restaurantId: r.id,
        dayOfWeek: day,
        isClosed: false,
        openTime: '08:00',
        closeTime: '18:00',
      })),
    );
    return r.id;
  });
}

export async function signupOwner(
  db: Db,
  input: { name: string; companyName?: string; email: string; password: string; cep?: string; city?: string },
): Promise<SessionSubject> {
  const email = input.email.trim().toLowerCase();
  const place = input.cep ? restaurantPlace(input.cep, input.city) : undefined;
  // Hashed before the e-mail check, so a taken address answers after the same work as a free one.
  const passwordHash = await hashPassword(input.password);
  // Owners and employees of every restaurant share one address space (staff_emails, kept by triggers).
  const [exists] = await db
    .select({ email: staffEmails.email })
    .from(staffEmails)
    .where(eq(staffEmails.email, email))
    .limit(1);
  if (exists) throw conflict('Erro ao criar conta', 'Este e-mail já está cadastrado.');
  const [owner] = await db
    .insert(appUsers)
    .values({
      email,
      name: input.name.trim(),
      companyName: input.companyName?.trim() || null,
      passwordHash,
    })
    .returning();
  const restaurantId = await ensureOwnerRestaurant(db, owner, place);
  return { kind: 'owner', appUserId: owner.id, restaurantId };
}

type Candidate = {
  subject: () => Promise<SessionSubject>;
  hash: string | null;
  rehash: (h: string) => Promise<unknown>;
};

/** The shared login screen: employee first, then owner, then customer; one generic failure text. */
export async function loginAnyone(db: Db, email: string, password: string, ip: string): Promise<SessionSubject> {
  const normalized = email.trim().toLowerCase();
  const attempt = await startLoginAttempt(db, normalized, ip);

  const candidates: Candidate[] = [];
  const [emp] = await db
    .select({ employee: employees, profile: userProfiles })
    .from(employees)
    .leftJoin(userProfiles, eq(userProfiles.id, employees.profileId))
    .where(and(eq(employees.email, normalized), eq(employees.active, true)))
    .limit(1);
  if (emp?.profile?.active) {
    candidates.push({
      hash: emp.employee.passwordHash,
      subject: async () => ({ kind: 'employee', employeeId: emp.employee.id, restaurantId: emp.employee.restaurantId }),
      rehash: (h) => db.update(employees).set({ passwordHash: h }).where(eq(employees.id, emp.employee.id)),
    });
  }
  const [owner] = await db.select().from(appUsers).where(eq(appUsers.email, normalized)).limit(1);
  if (owner) {
    candidates.push({
      hash: owner.passwordHash,
      subject: async () => ({
        kind: 'owner',
        appUserId: owner.id,
        restaurantId: await ensureOwnerRestaurant(db, owner),
      }),
      rehash: (h) => db.update(appUsers).set({ passwordHash: h }).where(eq(appUsers.id, owner.id)),
    });
  }
  const [cust] = await db
    .select()
    .from(customers)
    .where(eq(customers.email, normalized))
    .orderBy(desc(customers.createdAt))
    .limit(1);
  if (cust) {
    candidates.push({
      hash: cust.passwordHash,
      subject: async () => ({ kind: 'customer', customerId: cust.id, restaurantId: cust.restaurantId }),
      rehash: (h) => db.update(customers).set({ passwordHash: h }).where(eq(customers.id, cust.id)),
    });
  }
  for (const candidate of candidates) {
    const check = await verifyPassword(candidate.hash, password);
    if (!check.ok) continue;
    if (check.needsRehash) await candidate.rehash(await hashPassword(password));
    await attempt.succeeded();
    return candidate.subject();
  }
  // An unknown e-mail costs the same password check as a known one, so timing tells nothing.
  if (!candidates.some((c) => c.hash)) await spendPasswordCheck(password);
  // A customer without a password gets the same answer: a distinct one would tell the e-mail is a customer's.
  throw invalidCredentials();
}

export type CustomerRegistration = {
  name: string;
  phone: string;
  email: string;
  password: string;
  cep: string;
  address: string;
  number: string;
  complement?: string | null;
  neighborhood: string;
  city: string;
  state?: string | null;
  birthDay?: number | null;
  birthMonth?: number | null;
};

export async function registerCustomer(db: Db, slug: string, input: CustomerRegistration): Promise<SessionSubject> {
  const restaurant = await restaurantBySlug(db, slug);
  const email = input.email.trim().toLowerCase();
  const [exists] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)))
    .limit(1);
  if (exists) throw conflict('Erro ao cadastrar', 'Este e-mail já está cadastrado. Faça login.');
  const [c] = await db
    .insert(customers)
    .values({
      restaurantId: restaurant.id,
      name: input.name.trim(),
      phone: onlyDigits(input.phone),
      email,
      passwordHash: await hashPassword(input.password),
      cep: onlyDigits(input.cep),
      address: input.address.trim(),
      number: input.number.trim(),
      complement: input.complement?.trim() || null,
      neighborhood: input.neighborhood.trim(),
      city: input.city.trim(),
      state: (input.state?.trim() || 'SP').toUpperCase(),
      birthDay: input.birthDay ?? null,
      birthMonth: input.birthMonth ?? null,
    })
    .returning({ id: customers.id });
  return { kind: 'customer', customerId: c.id, restaurantId: restaurant.id };
}

/**
 * Customer sign-in on a restaurant's storefront. An unknown e-mail and a wrong password get the same
 * answer after the same work (the spec's separate texts would tell who is a customer here).
 */
export async function loginCustomer(
  db: Db,
  slug: string,
  emailInput: string,
  password: string,
  ip: string,
): Promise<SessionSubject> {
  const restaurant = await restaurantBySlug(db, slug);
  const email = emailInput.trim().toLowerCase();
  const attempt = await startLoginAttempt(db, `${restaurant.id}:${email}`, ip);
  const [cust] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)))
    .limit(1);
  // No such customer, or one without a password (placed orders only): the same answer after the same work.
  if (!cust?.passwordHash) {
    await spendPasswordCheck(password);
    throw invalidCredentials();
  }
  const check = await verifyPassword(cust.passwordHash, password);
  if (!check.ok) throw invalidCredentials();
  if (check.needsRehash) {
    await db
      .update(customers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(customers.id, cust.id));
  }
  await attempt.succeeded();
  return { kind: 'customer', customerId: cust.id, restaurantId: restaurant.id };
}
