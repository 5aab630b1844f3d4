import type { Db } from '@meucardapio/db/client';
import { mailOutbox } from '@meucardapio/db/schema';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../../config';

export type Mail = {
  to: string;
  subject: string;
  body: string;
  restaurantId?: string | null;
  /** Parts of the body (a reset token) that reach the recipient only: never stored nor logged. */
  secrets?: string[];
};
export interface Mailer {
  /** Resolves once the mail is recorded; delivery may finish later, so the caller's answer never waits on SMTP. */
  send(mail: Mail): Promise<void>;
}

/** The copy the outbox keeps: the body with its secrets blanked out. */
export function redacted(mail: Mail): string {
  return (mail.secrets ?? []).reduce((body, secret) => body.replaceAll(secret, '[removido]'), mail.body);
}

async function record(db: Db, mail: Mail) {
  await db.insert(mailOutbox).values({
    to: mail.to,
    subject: mail.subject,
    body: redacted(mail),
    restaurantId: mail.restaurantId ?? null,
  });
}

/**
 * Without SMTP: the outbox keeps the redacted copy. In development the full text, link included, goes to
 * the log so a developer can follow it; in production nothing secret is printed and no mail leaves.
 */
export function outboxMailer(db: Db, log: Logger, options: { revealInLog: boolean }): Mailer {
  return {
    async send(mail) {
      await record(db, mail);
      if (options.revealInLog) log.info(`e-mail (outbox, desenvolvimento): ${mail.subject}\n${mail.body}`);
      else log.warn({ subject: mail.subject }, 'e-mail not delivered: SMTP_URL is not configured');
    },
  };
}

/**
 * The transport's address: an `smtp://` server must upgrade with STARTTLS before anything is sent (a reset
 * link is a key to an account), unless plain text is explicitly allowed; `smtps://` is TLS from the start.
 */
export function smtpTransportUrl(url: string, allowInsecure: boolean): string {
  if (allowInsecure || !url.startsWith('smtp://')) return url;
  const parsed = new URL(url);
  parsed.searchParams.set('requireTLS', 'true');
  return parsed.href;
}

/** SMTP through nodemailer (`SMTP_URL`, e.g. smtps://user:pass@host:465); the outbox keeps the redacted copy. */
export function smtpMailer(
  db: Db,
  log: Logger,
  options: { url: string; from: string; allowInsecure?: boolean },
): Mailer {
  const transport = nodemailer.createTransport(smtpTransportUrl(options.url, options.allowInsecure ?? false));
  return {
    async send(mail) {
      await record(db, mail);
      transport
        .sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.body })
        .then(() => log.info({ subject: mail.subject }, 'e-mail sent'))
        .catch((err: Error) => log.error({ subject: mail.subject, error: err.message }, 'e-mail delivery failed'));
    },
  };
}

export function createMailer(config: Config, db: Db, log: Logger): Mailer {
  if (config.SMTP_URL) {
    return smtpMailer(db, log, {
      url: config.SMTP_URL,
      from: config.MAIL_FROM,
      allowInsecure: config.SMTP_ALLOW_INSECURE === '1',
    });
  }
  const production = config.NODE_ENV === 'production';
  if (production) log.warn('SMTP_URL is not set: password recovery e-mails will not be delivered');
  return outboxMailer(db, log, { revealInLog: !production });
}
