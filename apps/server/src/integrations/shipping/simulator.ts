import { cepDigits, type ShippingOption, type ShippingProvider, ShippingQuoteError } from './shipping';

/**
 * Default shipping quotes: deterministic prices from the distance between CEP regions (first digit)
 * and the billed weight (the larger of real and cubic weight), so tests and demos always agree.
 */
export function simulatorShippingProvider(): ShippingProvider {
  return {
    name: 'simulator',
    async quote(request) {
      const to = cepDigits(request.toPostalCode);
      if (to.length !== 8 || /^0{8}$/.test(to)) throw new ShippingQuoteError('invalid_cep', request.toPostalCode);
      const from = cepDigits(request.fromPostalCode);
      const fromRegion = Number(from[0] ?? '0');
      const toRegion = Number(to[0]);
      const distance = Math.abs(fromRegion - toRegion);
      const sameCity = from.slice(0, 3) === to.slice(0, 3);

      let weightKg = 0;
      let insurance = 0;
      for (const p of request.products) {
        // Carriers bill the cubic weight (cm³ / 6000) when it exceeds the real one.
        const cubic = (p.height * p.width * p.length) / 6000;
        weightKg += Math.max(p.weight, cubic) * p.quantity;
        insurance += p.insuranceValue * p.quantity;
      }
      const kg = Math.max(1, Math.ceil(weightKg));
      // Insurance (ad valorem) at 1% of the declared value, in centavos.
      const adValorem = Math.round(insurance / 100);
      const pacBase = sameCity ? 1590 : 1890 + distance * 450;
      const options: ShippingOption[] = [
        {
          id: 'sim-pac',
          name: 'PAC',
          company: 'Correios',
          price: pacBase + (kg - 1) * 350 + adValorem,
          deliveryTime: (sameCity ? 3 : 5) + distance,
        },
        {
          id: 'sim-sedex',
          name: 'SEDEX',
          company: 'Correios',
          price: Math.round(pacBase * 1.6) + (kg - 1) * 550 + adValorem,
          deliveryTime: (sameCity ? 1 : 2) + Math.ceil(distance / 2),
        },
      ];
      // A heavy parcel (over 30 kg) is beyond what the post office takes; only the courier remains.
      if (kg > 30) return [{ ...options[1], id: 'sim-jadlog', name: '.Package', company: 'Jadlog' }];
      return options.sort((a, b) => a.price - b.price);
    },
  };
}
