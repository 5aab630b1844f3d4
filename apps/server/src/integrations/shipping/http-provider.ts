import { cepDigits, type ShippingOption, type ShippingProvider, ShippingQuoteError } from './shipping';

export type HttpShippingOptions = { url: string; token?: string; fetch?: typeof fetch; timeoutMs?: number };

type RawOption = {
  id?: unknown;
  name?: unknown;
  company?: { name?: unknown } | unknown;
  price?: unknown;
  custom_price?: unknown;
  delivery_time?: unknown;
  custom_delivery_time?: unknown;
  error?: unknown;
};

function toCents(value: unknown): number | null {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/**
 * A shipping quote HTTP API (SHIPPING_API_URL) taking
 * `{from:{postal_code}, to:{postal_code}, products:[{id,width,height,length,weight,insurance_value,quantity}]}`
 * and answering a list of options (id, name, company, price in reais, delivery_time).
 */
export function httpShippingProvider(options: HttpShippingOptions): ShippingProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'http',
    async quote(request) {
      const body = {
        from: { postal_code: cepDigits(request.fromPostalCode) },
        to: { postal_code: cepDigits(request.toPostalCode) },
        products: request.products.map((p) => ({
          id: p.id,
          width: p.width,
          height: p.height,
          length: p.length,
          weight: p.weight,
          insurance_value: p.insuranceValue / 100,
          quantity: p.quantity,
        })),
      };
      let res: Response;
      try {
        res = await doFetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (err) {
        throw new ShippingQuoteError('api', err instanceof Error ? err.message : String(err));
      }
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (!res.ok) {
        const message =
          (json as { message?: unknown; error?: unknown } | null)?.message ??
          (json as { error?: unknown } | null)?.error ??
          text.slice(0, 200);
        const detail = String(message || res.status);
        // Providers answer 422 for a CEP they cannot serve or parse.
        if (res.status === 422 || /cep|postal/i.test(detail))
          throw new ShippingQuoteError('invalid_cep', request.toPostalCode);
        throw new ShippingQuoteError('api', detail);
      }
      const list = Array.isArray(json) ? (json as RawOption[]) : [];
      const result: ShippingOption[] = [];
      for (const o of list) {
        if (o.error) continue;
        const price = toCents(o.custom_price ?? o.price);
        if (price === null || o.id === undefined || o.id === null) continue;
        const company = o.company && typeof o.company === 'object' ? (o.company as { name?: unknown }).name : o.company;
        result.push({
          id: String(o.id),
          name: String(o.name ?? ''),
          company: String(company ?? ''),
          price,
          deliveryTime: Number(o.custom_delivery_time ?? o.delivery_time ?? 0) || 0,
        });
      }
      return result.sort((a, b) => a.price - b.price);
    },
  };
}
