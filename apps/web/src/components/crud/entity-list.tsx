import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEntityDialog } from '@/components/entity-form-dialog';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { EntityDialog, type EntityFormSpec, type SaveMessages } from './entity-dialog';
import { useDeleteEntity, useToggleActive } from './entity-mutations';
import { LoadErrorNotice, TableSkeletonRows } from './list-states';
import { RowActionsCell } from './row-actions';

export type Column<T> = {
  header: string;
  /** The cell's title on a phone, where rows become cards (defaults to the header). */
  label?: string;
  className?: string;
  headClassName?: string;
  cell: (row: T) => ReactNode;
};

/**
 * One admin list of an entity, as data: where it lives on the server, its columns, its form and the
 * spec's words for each outcome ("Mesa criada!", "Erro ao excluir cupom"). The page that renders it is
 * its configuration and nothing else.
 */
export type EntityListSpec<T extends { id: string }, F> = {
  /** The collection's endpoint: GET lists, POST creates, PUT/DELETE /:id, PATCH /:id/active. */
  endpoint: string;
  queryKey: QueryKey;
  /** The list out of the GET answer. */
  load: () => Promise<T[]>;
  /** Other caches a change makes stale (the products that show a category or a station). */
  alsoInvalidate?: readonly QueryKey[];
  messages: SaveMessages & { deleted: string; deleteFailed: string; loadFailed: string };
  title: string;
  description?: string;
  newLabel: string;
  empty: string;
  /** Many columns: cards under 60rem of frame instead of 30rem (components/ui/table.tsx). */
  wide?: boolean;
  columns: readonly Column<T>[];
  /** Toggled in place with a switch (PATCH /:id/active); the words are the badge's. */
  active?: { label: (row: T) => string; words?: readonly [string, string] };
  /** Names the row in the Editar / Excluir buttons: 'mesa 3', 'cupom BEMVINDO', 'Centro'. */
  rowName: (row: T) => string;
  confirmDelete: { title: string; description?: (row: T) => string };
  form: EntityFormSpec<T, F>;
  /** 'page' (default): the page's header and the table; 'card': a card inside a larger page. */
  frame?: 'page' | 'card';
};

/** The list with its header, New button, loading, empty and error states, row actions and form dialog. */
export function EntityList<T extends { id: string; active?: boolean }, F>({
  spec,
  actions,
  children,
}: {
  spec: EntityListSpec<T, F>;
  /** More header buttons, before New. */
  actions?: ReactNode;
  /** Shown between the header and the table (a notice about the list). */
  children?: ReactNode;
}) {
  const invalidate = [spec.queryKey, ...(spec.alsoInvalidate ?? [])];
  const query = useQuery({ queryKey: spec.queryKey, queryFn: spec.load });
  const dialog = useEntityDialog<T>();
  const remove = useDeleteEntity<T>({
    endpoint: spec.endpoint,
    invalidate,
    messages: { deleted: spec.messages.deleted, failed: spec.messages.deleteFailed },
  });
  const toggle = useToggleActive<T & { active: boolean }>({
    endpoint: spec.endpoint,
    invalidate,
    messages: { failed: spec.messages.updateFailed },
  });
  const list = query.data ?? [];
  const columnCount = spec.columns.length + (spec.active ? 1 : 0) + 1;
  const [on, off] = spec.active?.words ?? ['Ativo', 'Inativo'];

  const newButton = (
    <Button onClick={dialog.create}>
      <Plus aria-hidden /> {spec.newLabel}
    </Button>
  );
  const table = query.isError ? (
    <LoadErrorNotice title={spec.messages.loadFailed} error={query.error} />
  ) : (
    <Table wide={spec.wide}>
      <TableHeader>
        <TableRow>
          {spec.columns.map((c) => (
            <TableHead key={c.header} className={c.headClassName}>
              {c.header}
            </TableHead>
          ))}
          {spec.active && <TableHead>Status</TableHead>}
          <TableHead className="text-right">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {query.isPending ? (
          <TableSkeletonRows colSpan={columnCount} rows={3} className="h-8" />
        ) : list.length === 0 ? (
          <TableEmpty colSpan={columnCount}>{spec.empty}</TableEmpty>
        ) : (
          list.map((row) => (
            <TableRow key={row.id}>
              {spec.columns.map((c) => (
                <TableCell key={c.header} label={c.label ?? c.header} className={c.className}>
                  {c.cell(row)}
                </TableCell>
              ))}
              {spec.active && (
                <TableCell label="Status">
                  <div className="flex items-center gap-2">
                    <Switch
                      checked={row.active}
                      onCheckedChange={(active) => toggle.mutate({ item: row as T & { active: boolean }, active })}
                      aria-label={spec.active.label(row)}
                    />
                    <Badge variant={row.active ? 'success' : 'secondary'}>{row.active ? on : off}</Badge>
                  </div>
                </TableCell>
              )}
              <RowActionsCell
                editLabel={`Editar ${spec.rowName(row)}`}
                onEdit={() => dialog.edit(row)}
                deleteLabel={`Excluir ${spec.rowName(row)}`}
                confirmTitle={spec.confirmDelete.title}
                confirmDescription={spec.confirmDelete.description?.(row)}
                onDelete={() => remove.mutateAsync(row)}
              />
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
  const form = (
    <EntityDialog
      spec={spec.form}
      endpoint={spec.endpoint}
      invalidate={invalidate}
      messages={spec.messages}
      open={dialog.open}
      editing={dialog.editing}
      list={list}
      onClose={dialog.close}
    />
  );

  if (spec.frame === 'card')
    return (
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle>{spec.title}</CardTitle>
            {spec.description && <CardDescription>{spec.description}</CardDescription>}
          </div>
          <div className="flex flex-wrap gap-2">
            {actions}
            {newButton}
          </div>
        </CardHeader>
        <CardContent>
          {children}
          {table}
        </CardContent>
        {form}
      </Card>
    );
  return (
    <div>
      <PageHeader
        title={spec.title}
        description={spec.description}
        actions={
          <>
            {actions}
            {newButton}
          </>
        }
      />
      {children}
      {table}
      {form}
    </div>
  );
}
