import type { Logger } from 'pino';

export type OutgoingMessage = {
  restaurantId: string;
  /** WhatsApp form, digits only with the country code ('5511987654321'). */
  phone: string;
  body: string;
  /** The restaurant's write-only WhatsApp API key (the HTTP provider needs it). */
  apiKey?: string | null;
};

/** Sends one WhatsApp message; throws when the message was not accepted. */
export interface Messenger {
  readonly kind: 'simulator' | 'http';
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Default messenger: nothing leaves the machine. The outbox row the notifier wrote (marked 'sent')
 * is the record, listed to the owner as "mensagens enviadas"; the log only notes it (the text carries the
 * customer's data).
 */
export function simulatorMessenger(log: Logger): Messenger {
  return {
    kind: 'simulator',
    async send(message) {
      log.info({ restaurantId: message.restaurantId }, 'WhatsApp (simulador): mensagem registrada');
    },
  };
}

const SEND_TIMEOUT_MS = 8_000;

/**
 * A WhatsApp HTTP API: POST {apiUrl} with the restaurant's key as a bearer token and
 * `{ phone, message }`. Any non-2xx answer, a timeout or a missing key is a failed send.
 */
export function httpMessenger(apiUrl: string, fetcher: typeof fetch = fetch): Messenger {
  return {
    kind: 'http',
    async send(message) {
      if (!message.apiKey) throw new Error('Chave da API do WhatsApp não configurada');
      const res = await fetcher(apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${message.apiKey}` },
        body: JSON.stringify({ phone: message.phone, message: message.body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new Error(`WhatsApp API respondeu ${res.status}${detail ? `: ${detail}` : ''}`);
      }
    },
  };
}

/** The configured provider: the HTTP API when WHATSAPP_API_URL is set, the simulator otherwise. */
export function createMessenger(config: { WHATSAPP_API_URL?: string }, log: Logger): Messenger {
  return config.WHATSAPP_API_URL ? httpMessenger(config.WHATSAPP_API_URL) : simulatorMessenger(log);
}
