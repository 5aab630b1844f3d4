import pino, { type DestinationStream, type Logger } from 'pino';

/** Fields that carry personal data or secrets: whatever object a log call passes, they print as "[removido]". */
const PRIVATE = ['phone', 'email', 'to', 'token', 'password', 'cookie', 'authorization', 'cpf'];

/**
 * Failed queries carry their parameters in the message (`params: …`), which can hold e-mails, phones or
 * hashes; the query text is kept, the values are not.
 */
function errorWithoutParams(err: Error) {
  const out = pino.stdSerializers.err(err) as Record<string, unknown>;
  const scrub = (v: unknown) => (typeof v === 'string' ? v.replace(/params: [^\n]*/g, 'params: [removido]') : v);
  out.message = scrub(out.message);
  out.stack = scrub(out.stack);
  return out;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: [...PRIVATE, ...PRIVATE.map((k) => `*.${k}`)], censor: '[removido]' },
    serializers: { err: errorWithoutParams },
  };
  return destination ? pino(options, destination) : pino(options);
}
