import { cepRegion } from '@meucardapio/domain/cep-region';
import { COORDINATES_PROBLEM } from '@meucardapio/domain/restaurant-settings';
import { AddressFields, type AddressValue } from '@/components/address-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useStateCities } from '@/lib/geo';

/** Endereço do restaurante: the address and where the ordering apps place the store on the map. */
export function RestaurantAddressCard({
  address,
  onAddress,
  coordinates,
  coordinatesProblem,
  onCoordinates,
}: {
  address: AddressValue;
  onAddress: (address: AddressValue) => void;
  coordinates: string;
  coordinatesProblem: boolean;
  onCoordinates: (coordinates: string) => void;
}) {
  const cities = useStateCities(address.state);

  function changeAddress(patch: Partial<AddressValue>) {
    // A CEP names its state, and a capital's CEP its city too.
    const region = patch.cep ? cepRegion(patch.cep) : null;
    if (region && region.state !== address.state) {
      onAddress({ ...address, ...patch, state: region.state, city: region.capital ?? '' });
      return;
    }
    onAddress({ ...address, ...patch });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Endereço do restaurante</CardTitle>
        <CardDescription>
          Onde os clientes retiram os pedidos; sai no comprovante e, depois, na nota fiscal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AddressFields
          idPrefix="settings-address"
          value={address}
          onChange={changeAddress}
          cities={{ names: cities.data ?? [], loading: cities.isPending && Boolean(address.state) }}
        />
        <FormField
          label="Localização no mapa (latitude, longitude)"
          htmlFor="settings-coordinates"
          error={coordinatesProblem ? COORDINATES_PROBLEM : undefined}
          hint="No Google Maps, clique com o botão direito sobre o restaurante e copie os números. Os aplicativos de delivery (iFood, Keeta…) mostram a loja neste ponto."
        >
          <Input
            id="settings-coordinates"
            inputMode="decimal"
            placeholder="-23.561414, -46.655881"
            value={coordinates}
            onChange={(e) => onCoordinates(e.target.value)}
            maxLength={60}
            aria-invalid={coordinatesProblem || undefined}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
