import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ColorField } from './color-field';
import type { GeneralForm } from './general-form';

type ColorKey = 'primaryColor' | 'secondaryColor' | 'buttonColor';

/** Aparência: the menu's header and button colours. */
export function AppearanceCard({
  form,
  onChange,
}: {
  form: Pick<GeneralForm, ColorKey>;
  onChange: (key: ColorKey, value: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Aparência</CardTitle>
        <CardDescription>Cores do cabeçalho e dos botões do cardápio.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <ColorField
          id="settings-primary"
          label="Cor principal"
          value={form.primaryColor}
          onChange={(v) => onChange('primaryColor', v)}
        />
        <ColorField
          id="settings-secondary"
          label="Cor secundária"
          value={form.secondaryColor}
          onChange={(v) => onChange('secondaryColor', v)}
        />
        <ColorField
          id="settings-button"
          label="Cor dos botões"
          value={form.buttonColor}
          onChange={(v) => onChange('buttonColor', v)}
        />
      </CardContent>
    </Card>
  );
}
