import { normalizeText } from '@meucardapio/domain/delivery';
import { formatCep } from '@meucardapio/domain/phone';
import type { ReactNode } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect, UF_OPTIONS } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

export type AddressValue = {
  cep: string;
  state: string;
  city: string;
  neighborhood: string;
  address: string;
  number: string;
  complement: string;
};

export type AddressErrors = Partial<Record<keyof AddressValue, string>>;

export const emptyAddressValue: AddressValue = {
  cep: '',
  state: 'SP',
  city: '',
  neighborhood: '',
  address: '',
  number: '',
  complement: '',
};

/** An API address (nullable parts, CEP in digits) as the fields show it. */
export function toAddressValue(a: Partial<Record<keyof AddressValue, string | null | undefined>>): AddressValue {
  return {
    cep: formatCep(a.cep ?? ''),
    state: (a.state ?? '').toUpperCase(),
    city: a.city ?? '',
    neighborhood: a.neighborhood ?? '',
    address: a.address ?? '',
    number: a.number ?? '',
    complement: a.complement ?? '',
  };
}

/**
 * CEP, state, city, neighbourhood, street, number and complement: the one set of address inputs of
 * the checkout, the sign-up, the profile and the address book.
 */
export function AddressFields({
  idPrefix,
  value,
  onChange,
  errors = {},
  cities,
  neighborhoodField,
}: {
  /** Prefix of the inputs' ids, unique per form on the page. */
  idPrefix: string;
  value: AddressValue;
  onChange: (patch: Partial<AddressValue>) => void;
  errors?: AddressErrors;
  /** The state's cities: the city is then picked from them (delivery areas are matched by name). */
  cities?: { names: string[]; loading: boolean };
  /** Replaces the plain neighbourhood input (the checkout offers the restaurant's neighbourhoods). */
  neighborhoodField?: ReactNode;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const text = (field: keyof AddressValue) => (e: { target: { value: string } }) =>
    onChange({ [field]: e.target.value });
  const listedCity = cities?.names.find((c) => normalizeText(c) === normalizeText(value.city));

  return (
    <>
      <div className="grid grid-cols-[1fr_6.5rem] gap-3">
        <FormField label="CEP" htmlFor={id('cep')} error={errors.cep}>
          <Input
            id={id('cep')}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="01310-100"
            value={value.cep}
            aria-invalid={!!errors.cep}
            onChange={(e) => onChange({ cep: formatCep(e.target.value) })}
          />
        </FormField>
        <FormField label="Estado" htmlFor={id('state')} error={errors.state}>
          <NativeSelect
            id={id('state')}
            value={value.state}
            aria-invalid={!!errors.state}
            // A city picked from a list belongs to the old state.
            onChange={(e) => onChange(cities ? { state: e.target.value, city: '' } : { state: e.target.value })}
          >
            {!value.state && <option value="">—</option>}
            {UF_OPTIONS.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className={cn('grid gap-3', !neighborhoodField && 'sm:grid-cols-2')}>
        <FormField label="Cidade" htmlFor={id('city')} error={errors.city}>
          {cities ? (
            <NativeSelect id={id('city')} value={listedCity ?? ''} aria-invalid={!!errors.city} onChange={text('city')}>
              <option value="">{cities.loading ? 'Carregando cidades…' : 'Selecione a cidade'}</option>
              {cities.names.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              id={id('city')}
              autoComplete="address-level2"
              value={value.city}
              aria-invalid={!!errors.city}
              onChange={text('city')}
            />
          )}
        </FormField>
        {neighborhoodField ?? (
          <FormField label="Bairro" htmlFor={id('neighborhood')} error={errors.neighborhood}>
            <Input
              id={id('neighborhood')}
              value={value.neighborhood}
              aria-invalid={!!errors.neighborhood}
              onChange={text('neighborhood')}
            />
          </FormField>
        )}
      </div>
      <div className="grid grid-cols-[1fr_6rem] gap-3">
        <FormField label="Endereço" htmlFor={id('address')} error={errors.address}>
          <Input
            id={id('address')}
            autoComplete="address-line1"
            value={value.address}
            aria-invalid={!!errors.address}
            onChange={text('address')}
          />
        </FormField>
        <FormField label="Número" htmlFor={id('number')} error={errors.number}>
          <Input id={id('number')} value={value.number} aria-invalid={!!errors.number} onChange={text('number')} />
        </FormField>
      </div>
      <FormField label="Complemento (opcional)" htmlFor={id('complement')}>
        <Input id={id('complement')} value={value.complement} onChange={text('complement')} />
      </FormField>
    </>
  );
}
