import type { Db } from '@meucardapio/db/client';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { type Mailer, outboxMailer } from './mail/mailer';
import { databaseStorage, type FileStorage } from './storage/storage';

/** Every external service, each behind its interface; simulators are the default. */
export type Integrations = {
  mail: Mailer;
  storage: FileStorage;
};

export function createIntegrations(_config: Config, db: Db, log: Logger): Integrations {
  return {
    mail: outboxMailer(db, log),
    storage: databaseStorage(db),
  };
}
