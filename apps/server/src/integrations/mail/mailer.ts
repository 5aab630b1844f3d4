import type { Db } from '@meucardapio/db/client';
import { mailOutbox } from '@meucardapio/db/schema';
import type { Logger } from 'pino';

export type Mail = { to: string; subject: string; body: string; restaurantId?: string | null };
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Default mailer: keeps every message in the outbox table and prints it to the log. */
export function outboxMailer(db: Db, log: Logger): Mailer {
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({ ...mail, restaurantId: mail.restaurantId ?? null });
      log.info({ to: mail.to, subject: mail.subject }, `e-mail (outbox): ${mail.subject}\n${mail.body}`);
    },
  };
}
