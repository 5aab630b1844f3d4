import { type ReactNode, useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { NONE } from './product-draft';

/** The ids of a form's fields by name, unique to this copy of the form so labels point at their own inputs. */
export function useFieldId() {
  const uid = useId();
  return (name: string) => `${uid}-${name}`;
}

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        {description && <p className="text-xs text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}

export function Field({
  label,
  children,
  htmlFor,
  required,
  hint,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
  hint?: string;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={htmlFor}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

export function SwitchRow({
  id,
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border px-3 py-2.5">
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </div>
  );
}

/** A choice from a list; `none` names the blank choice when the field may stay empty. */
export function OptionSelect({
  id,
  value,
  onChange,
  options,
  none,
  long,
  className,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly { value: string | number; label: string }[];
  none?: string;
  /** Labels too long for the field: cut short in it, and the list kept within the screen. */
  long?: boolean;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger
        id={id}
        className={cn(
          long && 'overflow-hidden [&>span]:block [&>span]:min-w-0 [&>span]:truncate [&>svg]:shrink-0',
          className,
        )}
      >
        <SelectValue placeholder={none} />
      </SelectTrigger>
      <SelectContent className={long ? 'max-w-[min(36rem,calc(100vw-2rem))]' : undefined}>
        {none && <SelectItem value={NONE}>{none}</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={String(o.value)}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
