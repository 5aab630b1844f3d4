import { MSG } from '@meucardapio/domain/messages';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { clientIp, endSession, resolveActor, startSession } from '../../http/session';
import { parseBody, parseParams } from '../../http/validate';
import {
  describeActor,
  loginAnyone,
  loginCustomer,
  recoverCustomer,
  recoverStaff,
  registerCustomer,
  resetPassword,
  type SessionSubject,
  signupOwner,
} from './auth.service';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'E-mail inválido' }));
const loginBody = z.object({
  email: z.string({ message: MSG.emailPasswordRequired }).trim().min(1, MSG.emailPasswordRequired).max(254),
  password: z.string({ message: MSG.emailPasswordRequired }).min(1, MSG.emailPasswordRequired).max(200),
});
const signupBody = z.object({
  name: z.string().trim().min(1, 'Informe seu nome').max(120),
  companyName: z.string().trim().max(120).optional(),
  email,
  password: z.string().min(8, 'A senha deve ter pelo menos 8 caracteres').max(200),
});
const required = (max: number) =>
  z.string({ message: MSG.allFieldsRequired }).trim().min(1, MSG.allFieldsRequired).max(max);
const customerRegisterBody = z.object({
  name: required(120),
  phone: required(30),
  email: z
    .string({ message: MSG.allFieldsRequired })
    .trim()
    .toLowerCase()
    .min(1, MSG.allFieldsRequired)
    .max(254)
    .pipe(z.email({ message: 'E-mail inválido' })),
  password: z
    .string({ message: MSG.allFieldsRequired })
    .min(1, MSG.allFieldsRequired)
    .min(6, MSG.passwordMin6)
    .max(200),
  cep: required(12),
  address: required(200),
  number: required(20),
  complement: z.string().trim().max(120).nullish(),
  neighborhood: required(120),
  city: required(120),
  state: z.string().trim().max(2).nullish(),
  birthDay: z.coerce.number().int().min(1, 'Dia inválido').max(31, 'Dia inválido').nullish(),
  birthMonth: z.coerce.number().int().min(1, 'Mês inválido').max(12, 'Mês inválido').nullish(),
});
const recoverBody = z.object({
  email: z.string({ message: 'Informe seu e-mail' }).trim().min(1, 'Informe seu e-mail').max(254),
});
const resetBody = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(6, MSG.passwordMin6).max(200),
});
const slugParam = z.object({ slug: z.string().min(1).max(80) });

export const authRoutes = new Hono<AppEnv>();

/** Starts the session and answers with the same `user` that GET /auth/me would give. */
async function signedIn(c: Parameters<typeof startSession>[0], subject: SessionSubject) {
  const db = c.get('db');
  const token = await startSession(c, db, subject);
  return c.json({ user: await describeActor(db, await resolveActor(db, token)) });
}

authRoutes.get('/auth/me', async (c) => c.json({ user: await describeActor(c.get('db'), c.get('actor')) }));

authRoutes.post('/auth/signup', async (c) => {
  const body = await parseBody(c, signupBody);
  return signedIn(c, await signupOwner(c.get('db'), body));
});

authRoutes.post('/auth/login', async (c) => {
  const body = await parseBody(c, loginBody);
  return signedIn(c, await loginAnyone(c.get('db'), body.email, body.password, clientIp(c)));
});

authRoutes.post('/auth/logout', async (c) => {
  await endSession(c, c.get('db'));
  return c.json({ ok: true });
});

authRoutes.post('/auth/recover', async (c) => {
  const body = await parseBody(c, recoverBody);
  await recoverStaff(c.get('deps'), body.email);
  return c.json({ ok: true });
});

authRoutes.post('/auth/reset', async (c) => {
  const body = await parseBody(c, resetBody);
  await resetPassword(c.get('db'), body.token, body.password);
  return c.json({ ok: true });
});

authRoutes.post('/public/restaurants/:slug/customers/register', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const body = await parseBody(c, customerRegisterBody);
  return signedIn(c, await registerCustomer(c.get('db'), slug, body));
});

authRoutes.post('/public/restaurants/:slug/customers/login', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const body = await parseBody(c, loginBody);
  return signedIn(c, await loginCustomer(c.get('db'), slug, body.email, body.password, clientIp(c)));
});

authRoutes.post('/public/restaurants/:slug/customers/recover', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const body = await parseBody(c, recoverBody);
  await recoverCustomer(c.get('deps'), slug, body.email);
  return c.json({ ok: true });
});
