import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody as parseJson, parseParams } from '../../http/validate';
import {
  createProfile,
  deleteProfile,
  listDefaultProfileTypes,
  listProfiles,
  setProfileActive,
  updateProfile,
} from './profiles.service';
import { activeInput, employeeCreateInput, employeeUpdateInput, profileInput } from './staff.schemas';
import { createEmployee, deleteEmployee, listEmployees, setEmployeeActive, updateEmployee } from './staff.service';

export const staffRoutes = new Hono<AppEnv>();

const id = (c: Context<AppEnv>) => parseParams(c, idParam).id;

/** Like parseBody, but the field's own pt-BR message becomes the title (e.g. 'Preencha todos os campos obrigatórios'). */
async function parseBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  try {
    return await parseJson(c, schema);
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_data') {
      throw badRequest(err.description.replace(/^[\w.]+: /, ''), '', 'invalid_data');
    }
    throw err;
  }
}

// ---- Employees ----
// Spec 2 §6: the employee list loads only with manage_users; writes need manage_employees.
staffRoutes.get('/admin/employees', async (c) =>
  c.json({ employees: await listEmployees(staffCtx(c, 'manage_users')) }),
);

staffRoutes.post('/admin/employees', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  const input = await parseBody(c, employeeCreateInput);
  return c.json({ employee: await createEmployee(ctx, input) }, 201);
});

staffRoutes.put('/admin/employees/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  const employeeId = id(c);
  const input = await parseBody(c, employeeUpdateInput);
  return c.json({ employee: await updateEmployee(ctx, employeeId, input) });
});

staffRoutes.patch('/admin/employees/:id/active', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  const employeeId = id(c);
  const { active } = await parseBody(c, activeInput);
  return c.json({ employee: await setEmployeeActive(ctx, employeeId, active) });
});

staffRoutes.delete('/admin/employees/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  await deleteEmployee(ctx, id(c));
  return c.json({ ok: true });
});

// ---- Profiles ----
// The employee form lists profiles too, so reading them is open to employee managers.
staffRoutes.get('/admin/profiles', async (c) =>
  c.json({ profiles: await listProfiles(staffCtx(c, 'manage_users', 'manage_employees')) }),
);

staffRoutes.get('/admin/default-profile-types', async (c) =>
  c.json({ types: await listDefaultProfileTypes(staffCtx(c, 'manage_users', 'manage_employees')) }),
);

staffRoutes.post('/admin/profiles', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  const input = await parseBody(c, profileInput);
  return c.json({ profile: await createProfile(ctx, input) }, 201);
});

staffRoutes.put('/admin/profiles/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  const profileId = id(c);
  const input = await parseBody(c, profileInput);
  return c.json({ profile: await updateProfile(ctx, profileId, input) });
});

staffRoutes.patch('/admin/profiles/:id/active', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  const profileId = id(c);
  const { active } = await parseBody(c, activeInput);
  return c.json({ profile: await setProfileActive(ctx, profileId, active) });
});

staffRoutes.delete('/admin/profiles/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  await deleteProfile(ctx, id(c));
  return c.json({ ok: true });
});
