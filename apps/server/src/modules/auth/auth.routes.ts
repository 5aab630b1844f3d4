import { MSG } from '@meucardapio/domain/messages';
import {
  customerRegistrationSchema,
  loginSchema,
  passwordRecoverySchema,
  staffSignUpSchema,
} from '@meucardapio/domain/validation';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/proxy';
import { throttle } from '../../http/rate-limit';
import { endSession, resolveActor, startSession } from '../../http/session';
import { parseBody, parseParams } from '../../http/validate';
import { loginAnyone, loginCustomer, registerCustomer, type SessionSubject, signupOwner } from './auth.service';
import { describeActor } from './current-user.service';
import { recoverCustomer, recoverStaff, resetPassword } from './password-reset.service';

const recoverBody = passwordRecoverySchema;
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
  const body = await parseBody(c, staffSignUpSchema);
  await throttle(c, 'signup');
  return signedIn(c, await signupOwner(c.get('db'), body));
});

authRoutes.post('/auth/login', async (c) => {
  const body = await parseBody(c, loginSchema);
  return signedIn(c, await loginAnyone(c.get('db'), body.email, body.password, clientIp(c)));
});

authRoutes.post('/auth/logout', async (c) => {
  await endSession(c, c.get('db'));
  return c.json({ ok: true });
});

authRoutes.post('/auth/recover', async (c) => {
  const body = await parseBody(c, recoverBody);
  await throttle(c, 'recoverIp');
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
  const body = await parseBody(c, customerRegistrationSchema);
  await throttle(c, 'register');
  return signedIn(c, await registerCustomer(c.get('db'), slug, body));
});

authRoutes.post('/public/restaurants/:slug/customers/login', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const body = await parseBody(c, loginSchema);
  return signedIn(c, await loginCustomer(c.get('db'), slug, body.email, body.password, clientIp(c)));
});

authRoutes.post('/public/restaurants/:slug/customers/recover', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const body = await parseBody(c, recoverBody);
  await throttle(c, 'recoverIp');
  await recoverCustomer(c.get('deps'), slug, body.email);
  return c.json({ ok: true });
});
