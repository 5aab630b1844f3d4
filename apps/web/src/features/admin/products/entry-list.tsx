import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { formatMoney } from '@/lib/format';
import { Field, Section } from './form-blocks';
import { cents, type Entry } from './product-draft';

/** A list of named entries with a price (sizes, colours, add-ons): only non-blank names are added. */
export function EntryList({
  title,
  priceLabel,
  entries,
  onChange,
  placeholder,
  ownPrices = false,
  children,
}: {
  title: string;
  priceLabel: string;
  entries: Entry[];
  onChange: (entries: Entry[]) => void;
  placeholder: string;
  /** Each entry is its own price, not an amount added. */
  ownPrices?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  function add() {
    if (!name.trim()) return;
    onChange([...entries, { name: name.trim(), price: cents(price) }]);
    setName('');
    setPrice('');
  }
  return (
    <Section title={title}>
      {children}
      {entries.length > 0 && (
        <ul className="grid gap-2">
          {entries.map((e, i) => (
            <li
              key={e.id ?? `${e.name}-${i}`}
              className="flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 flex-1 truncate">{e.name}</span>
              <span className="tabular-nums text-muted-foreground">
                {ownPrices ? '' : '+ '}
                {formatMoney(e.price)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label={`Remover ${e.name}`}
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
        <Field label="Nome" htmlFor={`${id}-name`}>
          <Input
            id={`${id}-name`}
            aria-label={`${title}: nome`}
            value={name}
            placeholder={placeholder}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Field label={priceLabel} htmlFor={`${id}-price`}>
          <Input
            id={`${id}-price`}
            aria-label={`${title}: ${priceLabel.toLowerCase()}`}
            inputMode="decimal"
            value={price}
            placeholder="0,00"
            onChange={(e) => setPrice(e.target.value)}
          />
        </Field>
        <Button type="button" variant="outline" onClick={add} disabled={!name.trim()} aria-label={`Adicionar ${title}`}>
          <Plus aria-hidden />
          <span className="max-sm:sr-only">Adicionar</span>
        </Button>
      </div>
    </Section>
  );
}
