import type { MethodDifference } from '@meucardapio/domain/cashier';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A difference with its sign and colour: missing money in red, extra in amber, none in green. */
export function DifferenceValue({ value, className }: { value: number | null; className?: string }) {
  if (value === null) return <span className={cn('text-muted-foreground', className)}>não conferido</span>;
  return (
    <span
      className={cn(
        'font-semibold tabular-nums',
        value < 0 ? 'text-destructive' : value > 0 ? 'text-amber-700' : 'text-success',
        className,
      )}
    >
      {value > 0 ? '+' : ''}
      {formatMoney(value)}
    </span>
  );
}

/** Expected, counted and difference per payment group, with the total "quebra de caixa". */
export function DifferencesTable({
  rows,
  totalDifference,
  extra,
}: {
  rows: (MethodDifference & { salesCount?: number })[];
  totalDifference: number | null;
  /** Show the sales count column (conciliation). */
  extra?: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Forma</TableHead>
          {extra && <TableHead className="text-right">Vendas</TableHead>}
          <TableHead className="text-right">Esperado</TableHead>
          <TableHead className="text-right">Contado</TableHead>
          <TableHead className="text-right">Diferença</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.method}>
            <TableCell className="font-medium">{r.method}</TableCell>
            {extra && <TableCell className="text-right tabular-nums">{r.salesCount ?? 0}</TableCell>}
            <TableCell className="text-right tabular-nums">{formatMoney(r.expected)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(r.counted)}</TableCell>
            <TableCell className="text-right">
              <DifferenceValue value={totalDifference === null ? null : r.difference} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={extra ? 4 : 3} className="font-semibold">
            Quebra de caixa
          </TableCell>
          <TableCell className="text-right">
            <DifferenceValue value={totalDifference} />
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
