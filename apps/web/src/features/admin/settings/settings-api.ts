import type { MenuRestaurant } from '@meucardapio/domain/menu-views';
import type { MoneyDestinationChangeView } from '@meucardapio/domain/money-destination';
import type { SettingsTab } from '@meucardapio/domain/permissions';
import type { StatusMessageSettings } from '@meucardapio/domain/status-messages';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The storefront's identity and look, as the public menu shows them, and the owner's own data. */
export type GeneralSettings = Pick<
  MenuRestaurant,
  | 'name'
  | 'slug'
  | 'description'
  | 'logoUrl'
  | 'bannerUrl'
  | 'primaryColor'
  | 'secondaryColor'
  | 'buttonColor'
  | 'timezone'
  | 'businessSegment'
> & {
  appClientReferrer: string | null;
  originPostalCode: string | null;
  whatsapp: string | null;
  cnpj: string | null;
  addressCep: string | null;
  addressStreet: string | null;
  addressNumber: string | null;
  addressComplement: string | null;
  addressNeighborhood: string | null;
  addressCity: string | null;
  addressState: string | null;
  /** "-23.561414, -46.655881": where the ordering apps place the store. */
  coordinates: string | null;
};
export type ReviewsSettings = Pick<
  MenuRestaurant,
  'showReviewsOnMenu' | 'googleRating' | 'googleReviewsCount' | 'googleMyBusinessUrl'
> & { requireReviewApproval: boolean };
export type FiscalSettings = {
  nomeRazaoSocial: string | null;
  inscricaoMunicipal: string | null;
  inscricaoEstadual: string | null;
  cnpj: string | null;
  nfceEnabled: boolean;
  nfceAmbiente: 'homologacao' | 'producao';
  nfceCrt: number;
  nfceCscId: string | null;
  nfceSerie: number;
  nfcePdvMode: 'automatic' | 'on_request';
  nfceStorefrontMode: 'on_delivery' | 'on_payment' | 'never';
  configured: {
    nuvemfiscalApiToken: boolean;
    nuvemfiscalClientId: boolean;
    nuvemfiscalClientSecret: boolean;
    nfceCscToken: boolean;
  };
};
export type WhatsappSettings = {
  configured: { apiKey: boolean };
  whatsapp: string | null;
  statusMessages: StatusMessageSettings;
};

export type Settings = {
  tabs: SettingsTab[];
  general?: GeneralSettings;
  reviews?: ReviewsSettings;
  fiscal?: FiscalSettings;
  whatsapp?: WhatsappSettings;
  /** The owner's only: the latest changes of the PIX key and the payment-provider handle (decision 048). */
  moneyChanges?: MoneyDestinationChangeView[];
};

export const SETTINGS_KEY = ['admin', 'settings'] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api.get<Settings>('/api/admin/settings') });
}
