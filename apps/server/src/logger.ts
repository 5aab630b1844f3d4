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

/**
 * A child logger made on first use. Most requests never log, and making a child (bindings serialized
 * through the redaction) would otherwise be paid by every one of them.
 */
export function lazyChild(parent: Logger, bindings: Record<string, unknown>): Logger {
  return new Proxy({} as Logger, new LazyChild(parent, bindings));
}

// A class rather than closures: its methods are made once, not for every request.
class LazyChild implements ProxyHandler<Logger> {
  private child?: Logger;

  constructor(
    private parent: Logger,
    private bindings: Record<string, unknown>,
  ) {}

  private real() {
    this.child ??= this.parent.child(this.bindings);
    return this.child;
  }

  get(_target: Logger, key: string | symbol) {
    const logger = this.real();
    const value = Reflect.get(logger, key, logger);
    return typeof value === 'function' ? value.bind(logger) : value;
  }

  set(_target: Logger, key: string | symbol, value: unknown) {
    return Reflect.set(this.real(), key, value);
  }
}
