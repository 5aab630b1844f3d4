import type { ShippingOption } from '@meucardapio/domain/checkout';
import type { ShippingPackage } from '@meucardapio/domain/delivery';

/** A carrier option for a parcel (the checkout's answer type). */
export type { ShippingOption };

export type ShippingQuoteRequest = {
  fromPostalCode: string;
  toPostalCode: string;
  /** Insurance values in centavos; adapters convert to the provider's unit. */
  products: ShippingPackage[];
};

/**
 * Why a quote failed, mapped by the checkout to 'Erro ao calcular frete' with the spec's texts:
 * 'CEP inválido ou fora da área de cobertura: …' or 'Erro na API: …'.
 */
export class ShippingQuoteError extends Error {
  constructor(
    readonly kind: 'invalid_cep' | 'api',
    readonly detail: string,
  ) {
    super(`${kind}: ${detail}`);
  }
}

export interface ShippingProvider {
  readonly name: 'http' | 'simulator';
  /** Options sorted by price; throws ShippingQuoteError. An empty list means no carrier serves the CEP. */
  quote(request: ShippingQuoteRequest): Promise<ShippingOption[]>;
}

/** Used when the restaurant has no origin CEP configured (Av. Paulista, São Paulo). */
export const DEFAULT_ORIGIN_CEP = '01310100';

export function cepDigits(cep: string): string {
  return cep.replace(/\D/g, '');
}
