import { Input } from '@/components/ui/input';
import { Field, Section, SwitchRow, useFieldId } from './form-blocks';
import type { Draft, SetDraftField } from './product-draft';

/** The Envio fields, in order. */
const DIMENSIONS = [
  ['height', 'Altura (cm)'],
  ['width', 'Largura (cm)'],
  ['length', 'Comprimento (cm)'],
  ['weight', 'Peso (kg)'],
] as const;

export function StockSection({ draft, set, isEdit }: { draft: Draft; set: SetDraftField; isEdit: boolean }) {
  const fid = useFieldId();
  return (
    <Section title="Estoque">
      <SwitchRow
        id={fid('stock')}
        label="Controlar estoque"
        checked={draft.controleEstoque}
        onChange={(v) => set('controleEstoque', v)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Quantidade em estoque"
          htmlFor={fid('estoque')}
          hint={
            isEdit
              ? 'Altere pela tela de Estoque (Registrar Entrada).'
              : 'Quantidade inicial; depois, use a tela de Estoque.'
          }
        >
          <Input
            id={fid('estoque')}
            type="number"
            min={0}
            value={draft.estoque}
            readOnly={isEdit}
            disabled={!draft.controleEstoque && !isEdit}
            onChange={(e) => set('estoque', e.target.value)}
          />
        </Field>
        <Field label="Estoque mínimo" htmlFor={fid('estoqueMinimo')}>
          <Input
            id={fid('estoqueMinimo')}
            type="number"
            min={0}
            value={draft.estoqueMinimo}
            onChange={(e) => set('estoqueMinimo', e.target.value)}
          />
        </Field>
      </div>
    </Section>
  );
}

export function ShippingSection({ draft, set }: { draft: Draft; set: SetDraftField }) {
  const fid = useFieldId();
  return (
    <Section title="Envio" description="Dimensões em centímetros e peso em quilos.">
      <SwitchRow
        id={fid('correios')}
        label="Envio pelos Correios"
        checked={draft.envioCorreios}
        onChange={(v) => set('envioCorreios', v)}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {DIMENSIONS.map(([key, label]) => (
          <Field key={key} label={label} htmlFor={fid(key)} required={draft.envioCorreios}>
            <Input id={fid(key)} inputMode="decimal" value={draft[key]} onChange={(e) => set(key, e.target.value)} />
          </Field>
        ))}
      </div>
    </Section>
  );
}
