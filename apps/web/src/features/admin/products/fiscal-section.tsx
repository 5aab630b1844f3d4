import { formatCest, formatNcm, ORIGIN_OPTIONS, UNIT_OPTIONS } from '@meucardapio/domain/fiscal-format';
import { CFOP_OPTIONS, type Cfop } from '@meucardapio/domain/fiscal-rules';
import { Input } from '@/components/ui/input';
import { Field, OptionSelect, Section, useFieldId } from './form-blocks';
import type { Draft, SetDraftField } from './product-draft';

/** What each CFOP means for a restaurant, under the field: the owner picks by what the product is. */
const CFOP_HINT: Record<Cfop, string> = {
  '5101': 'Feito aqui: pratos, lanches, pizzas, sucos preparados na casa.',
  '5102': 'Comprado pronto e revendido sem substituição tributária.',
  '5405': 'Comprado pronto com ICMS já recolhido por ST (refrigerantes, cervejas, água): use o CSOSN 500.',
};

type CodeKey = 'codigoBarras' | 'codigoNcm' | 'exTipi' | 'codigoCest' | 'csosnIcms' | 'cstPisCofins';

/** The codes typed as text; NCM and CEST take their dots while typed. */
const CODE_FIELDS: Record<
  CodeKey,
  {
    id: string;
    label: string;
    maxLength: number;
    numeric?: boolean;
    placeholder?: string;
    mask?: (v: string) => string;
  }
> = {
  codigoBarras: { id: 'barcode', label: 'Código de barras', maxLength: 64, numeric: true },
  codigoNcm: { id: 'ncm', label: 'NCM', maxLength: 10, numeric: true, placeholder: '0000.00.00', mask: formatNcm },
  exTipi: { id: 'extipi', label: 'EX TIPI', maxLength: 3 },
  codigoCest: { id: 'cest', label: 'CEST', maxLength: 9, numeric: true, placeholder: '00.000.00', mask: formatCest },
  csosnIcms: { id: 'csosn', label: 'CSOSN ICMS', maxLength: 4 },
  cstPisCofins: { id: 'cst', label: 'CST PIS/COFINS', maxLength: 4 },
};

export function FiscalSection({
  draft,
  set,
  sku,
}: {
  draft: Draft;
  set: SetDraftField;
  sku: string | null | undefined;
}) {
  const fid = useFieldId();
  const codeField = (key: CodeKey) => {
    const { id, label, maxLength, numeric, placeholder, mask } = CODE_FIELDS[key];
    return (
      <Field key={key} label={label} htmlFor={fid(id)}>
        <Input
          id={fid(id)}
          inputMode={numeric ? 'numeric' : undefined}
          placeholder={placeholder}
          maxLength={maxLength}
          value={draft[key]}
          onChange={(e) => set(key, mask ? mask(e.target.value) : e.target.value)}
        />
      </Field>
    );
  };

  return (
    <Section title="Fiscal">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="SKU" htmlFor={fid('sku')} hint="Gerado automaticamente.">
          <Input id={fid('sku')} value={sku ?? ''} placeholder="Automático" readOnly disabled />
        </Field>
        {codeField('codigoBarras')}
        <Field label="CFOP" htmlFor={fid('cfop')} hint={CFOP_HINT[draft.cfop]}>
          <OptionSelect
            id={fid('cfop')}
            value={draft.cfop}
            onChange={(v) => set('cfop', v as Cfop)}
            options={CFOP_OPTIONS}
            long
          />
        </Field>
        {(['codigoNcm', 'exTipi', 'codigoCest'] as const).map(codeField)}
        <Field label="Origem da mercadoria" htmlFor={fid('origem')}>
          <OptionSelect
            id={fid('origem')}
            value={draft.origemMercadoria}
            onChange={(v) => set('origemMercadoria', v)}
            options={ORIGIN_OPTIONS}
            none="Não informada"
            long
          />
        </Field>
        {(['csosnIcms', 'cstPisCofins'] as const).map(codeField)}
        <Field label="Unidade" htmlFor={fid('unidade')}>
          <OptionSelect
            id={fid('unidade')}
            value={draft.unidade}
            onChange={(v) => set('unidade', v)}
            options={UNIT_OPTIONS}
            none="Não informada"
          />
        </Field>
      </div>
    </Section>
  );
}
