import { type AddressValue, toAddressValue } from '@/components/address-fields';
import { maskPhone } from '@/lib/format';
import type { GeneralSettings } from './settings-api';

export const formOf = (initial: GeneralSettings) => ({
  ...initial,
  description: initial.description ?? '',
  logoUrl: initial.logoUrl ?? '',
  bannerUrl: initial.bannerUrl ?? '',
  appClientReferrer: initial.appClientReferrer ?? '',
  originPostalCode: initial.originPostalCode ?? '',
  whatsapp: maskPhone(initial.whatsapp),
  cnpj: initial.cnpj ?? '',
  coordinates: initial.coordinates ?? '',
});

export type GeneralForm = ReturnType<typeof formOf>;

export const addressOf = (initial: GeneralSettings): AddressValue =>
  toAddressValue({
    cep: initial.addressCep,
    state: initial.addressState,
    city: initial.addressCity,
    neighborhood: initial.addressNeighborhood,
    address: initial.addressStreet,
    number: initial.addressNumber,
    complement: initial.addressComplement,
  });
