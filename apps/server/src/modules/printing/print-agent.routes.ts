import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { idParam, parseBody, parseParams } from '../../http/validate';
import {
  acknowledgePrinted,
  agentPrinters,
  authenticateAgent,
  pollJobs,
  printersVersion,
  reportFailed,
  reportPrinters,
} from './print-agent.service';

/**
 * The print agent's API: it only ever calls out (long poll, then acknowledgements), authenticated by
 * its device token as a bearer token. No cookie, no browser.
 */
export const printAgentRoutes = new Hono<AppEnv>();

const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7).trim() : null);

const pollInput = z.object({
  wait: z.number({ message: 'Espera inválida' }).int().min(0).max(25).default(20),
  /** The `printersVersion` of the agent's last answer. */
  printersVersion: z.string({ message: 'Versão inválida' }).max(64, 'Versão inválida').optional(),
});

printAgentRoutes.post('/print-agent/poll', async (c) => {
  const deps = c.get('deps');
  const agent = await authenticateAgent(deps.database.db, bearer(c.req.header('authorization')));
  const { wait, printersVersion: known } = await parseBody(c, pollInput);
  const jobs = await pollJobs(deps, agent, wait * 1000, c.req.raw.signal, known);
  const printers = await agentPrinters(deps.database.db, agent);
  return c.json({
    agent: { id: agent.id, name: agent.name },
    printers,
    printersVersion: printersVersion(printers),
    jobs,
  });
});

printAgentRoutes.post('/print-agent/jobs/:id/printed', async (c) => {
  const db = c.get('deps').database.db;
  const agent = await authenticateAgent(db, bearer(c.req.header('authorization')));
  const { id } = parseParams(c, idParam);
  await acknowledgePrinted(db, agent, id);
  return c.json({ ok: true });
});

const failedInput = z.object({
  error: z.string().trim().min(1).max(300),
  /** 'error': the printer answered but cannot print (no paper); 'offline': it could not be reached. */
  status: z.enum(['offline', 'error'], { message: 'Estado inválido' }).default('offline'),
});

printAgentRoutes.post('/print-agent/jobs/:id/failed', async (c) => {
  const db = c.get('deps').database.db;
  const agent = await authenticateAgent(db, bearer(c.req.header('authorization')));
  const { id } = parseParams(c, idParam);
  const { error, status } = await parseBody(c, failedInput);
  await reportFailed(db, agent, id, error, status);
  return c.json({ ok: true });
});

const printersInput = z.object({
  printers: z
    .array(
      z.object({
        id: z.uuid({ message: 'Impressora inválida' }),
        status: z.enum(['online', 'offline', 'error'], { message: 'Estado inválido' }),
        message: z.string().trim().max(300).nullable().default(null),
      }),
    )
    .max(50),
  /** The USB and serial devices on the agent's computer, when the agent lists them. */
  devices: z.array(z.string().trim().min(1).max(200), { message: 'Dispositivos inválidos' }).max(50).optional(),
});

printAgentRoutes.post('/print-agent/printers', async (c) => {
  const db = c.get('deps').database.db;
  const agent = await authenticateAgent(db, bearer(c.req.header('authorization')));
  const { printers, devices } = await parseBody(c, printersInput);
  await reportPrinters(db, agent, printers, devices);
  return c.json({ ok: true });
});
