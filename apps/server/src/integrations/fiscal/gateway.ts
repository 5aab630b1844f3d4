import type { FiscalGateway, FiscalProvider } from './fiscal';
import { nuvemFiscalProvider } from './nuvem-fiscal';
import { simulatorFiscalProvider } from './simulator';

/**
 * NFCE_PROVIDER=nuvemfiscal sends the notes of restaurants that saved their Nuvem Fiscal credentials to
 * the real API; every other restaurant, and every one by default, gets the simulator.
 */
export function fiscalGateway(options: {
  provider: 'simulator' | 'nuvemfiscal';
  apiUrl?: string;
  authUrl?: string;
  real?: FiscalProvider;
}): FiscalGateway {
  const simulator = simulatorFiscalProvider();
  const real = options.real ?? nuvemFiscalProvider({ apiUrl: options.apiUrl, authUrl: options.authUrl });
  return {
    providerFor(account) {
      return options.provider === 'nuvemfiscal' && account.clientId && account.clientSecret ? real : simulator;
    },
  };
}
