import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A dense table that becomes stacked cards where its frame is too narrow for its columns (the
 * `stacked` variant in index.css): under 30rem, or under 60rem for a `wide` list (many columns), so such
 * a list beside the admin's menu is cards on a tablet, two a row where there is room. Give every body
 * cell a `label` (its column title) so the card shows "Label ........ value"; a cell without a label
 * (e.g. the actions) spans the card's width, aligned right.
 */
export function Table({ className, wide = false, ...props }: React.ComponentProps<'table'> & { wide?: boolean }) {
  return (
    <div className={cn('w-full', wide ? '@container/table-wide' : '@container/table')}>
      <div
        data-slot="table-container"
        className="relative w-full unstacked:overflow-x-auto unstacked:rounded-lg unstacked:border unstacked:bg-card"
      >
        <table data-slot="table" className={cn('w-full caption-bottom text-sm stacked:block', className)} {...props} />
      </div>
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('stacked:hidden [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn(
        'stacked:grid stacked:gap-3 @min-[40rem]/table-wide:grid-cols-2 unstacked:[&_tr:last-child]:border-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn(
        'border-t bg-muted/50 font-medium stacked:block stacked:rounded-lg stacked:border [&>tr]:last:border-b-0',
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
        'border-b transition-colors data-[state=selected]:bg-muted unstacked:hover:bg-muted/50',
        'stacked:flex stacked:flex-col stacked:rounded-lg stacked:border stacked:bg-card stacked:px-4 stacked:py-3 stacked:shadow-xs',
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
        'px-3 py-2.5 align-middle unstacked:whitespace-nowrap',
        'stacked:flex stacked:min-h-9 stacked:items-center stacked:gap-4 stacked:px-0 stacked:py-1 stacked:text-right',
        label
          ? 'stacked:justify-between stacked:before:shrink-0 stacked:before:text-left stacked:before:text-xs stacked:before:font-medium stacked:before:text-muted-foreground stacked:before:content-[attr(data-label)]'
          : 'stacked:justify-end',
        className,
      )}
      {...props}
    />
  );
}

/** A single full-width row for the spec's empty state ("Nenhum produto cadastrado"). */
export function TableEmpty({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr className="stacked:col-span-full stacked:block">
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-muted-foreground stacked:block">
        {children}
      </td>
    </tr>
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
