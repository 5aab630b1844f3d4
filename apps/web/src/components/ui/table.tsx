import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A dense table that becomes stacked cards under 768 px. Give every body cell a `label`
 * (its column title) so the card shows "Label ........ value"; a cell without a label
 * (e.g. the actions) spans the card's width, aligned right.
 */
export function Table({ className, ...props }: React.ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" className="relative w-full md:overflow-x-auto md:rounded-lg md:border md:bg-card">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm max-md:block', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('max-md:hidden [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('max-md:flex max-md:flex-col max-md:gap-3 md:[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn(
        'border-t bg-muted/50 font-medium max-md:block max-md:rounded-lg max-md:border [&>tr]:last:border-b-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b transition-colors data-[state=selected]:bg-muted md:hover:bg-muted/50',
        'max-md:flex max-md:flex-col max-md:rounded-lg max-md:border max-md:bg-card max-md:px-4 max-md:py-3 max-md:shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  label,
  ...props
}: React.ComponentProps<'td'> & {
  /** The column title shown beside the value in the stacked (mobile) layout. */
  label?: string;
}) {
  return (
    <td
      data-slot="table-cell"
      data-label={label}
      className={cn(
        'px-3 py-2.5 align-middle md:whitespace-nowrap',
        'max-md:flex max-md:min-h-9 max-md:items-center max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right',
        label
          ? 'max-md:justify-between max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]'
          : 'max-md:justify-end',
        className,
      )}
      {...props}
    />
  );
}

/** A single full-width row for the spec's empty state ("Nenhum produto cadastrado"). */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr className="max-md:block">
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-muted-foreground max-md:block">
        {children}
      </td>
    </tr>
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
