import { Minus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** − n + with 44 px targets (a smaller size for lists), announcing the value as it changes. */
export function QuantityStepper({
  value,
  min,
  max,
  onChange,
  size = 'default',
  label = 'Quantidade',
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  size?: 'default' | 'sm';
  label?: string;
}) {
  const btn = size === 'sm' ? 'icon-sm' : 'icon';
  return (
    <div className="flex items-center gap-1 rounded-lg border p-0.5" role="group" aria-label={label}>
      <Button
        variant="ghost"
        size={btn}
        aria-label="Diminuir quantidade"
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus aria-hidden />
      </Button>
      <span className="w-8 text-center font-semibold tabular-nums" aria-live="polite">
        {value}
      </span>
      <Button
        variant="ghost"
        size={btn}
        aria-label="Aumentar quantidade"
        disabled={value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
