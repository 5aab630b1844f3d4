import type { QueryKey } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { EntityFormDialog, useResetOnOpen } from '@/components/entity-form-dialog';
import { useSaveEntity } from './entity-mutations';

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/** What a page's fields get: the form, a setter that also clears that field's message, and the messages. */
export type FieldsProps<T, F> = {
  form: F;
  set: <K extends keyof F>(key: K, value: F[K]) => void;
  errors: FieldErrors<F>;
  editing: T | null;
};

/**
 * A page's create/edit form as data: how a row (or nothing) becomes the form, the fields, and how the
 * form becomes the body sent to the server — or the fields' messages when it cannot.
 */
export type EntityFormSpec<T, F> = {
  /** [creating, editing]: ['Nova Mesa', 'Editar Mesa']. */
  titles: readonly [string, string];
  description: string;
  toForm: (editing: T | null, list: readonly T[]) => F;
  toBody: (form: F) => { body: object } | { errors: FieldErrors<F> };
  Fields: ComponentType<FieldsProps<T, F>>;
  submitDisabled?: (form: F) => boolean;
  /**
   * 'sheet' (default): a side sheet that is locked while saving, with Salvar. 'compact': a centred
   * dialog with Criar / Atualizar and a spinner.
   */
  style?: 'sheet' | 'compact';
};

export type SaveMessages = { created: string; updated: string; createFailed: string; updateFailed: string };

/** The create/edit dialog of an entity list: its form state, validation and the save with its toasts. */
export function EntityDialog<T extends { id: string }, F>({
  spec,
  endpoint,
  invalidate,
  messages,
  open,
  editing,
  list,
  onClose,
}: {
  spec: EntityFormSpec<T, F>;
  endpoint: string;
  invalidate: readonly QueryKey[];
  messages: SaveMessages;
  open: boolean;
  editing: T | null;
  list: readonly T[];
  onClose: () => void;
}) {
  const [form, setForm] = useState<F>(() => spec.toForm(editing, list));
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  useResetOnOpen(open, () => {
    setForm(spec.toForm(editing, list));
    setErrors({});
  });
  const set = <K extends keyof F>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const save = useSaveEntity<object>({ endpoint, id: editing?.id, invalidate, messages, onSaved: onClose });
  function submit() {
    const result = spec.toBody(form);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    save.mutate(result.body);
  }
  const compact = spec.style === 'compact';
  const { Fields } = spec;
  return (
    <EntityFormDialog
      open={open}
      onClose={onClose}
      variant={compact ? undefined : 'sheet'}
      savingStyle={compact ? 'spinner' : 'locked'}
      submitLabel={compact ? (editing ? 'Atualizar' : 'Criar') : undefined}
      title={spec.titles[editing ? 1 : 0]}
      description={spec.description}
      onSubmit={submit}
      pending={save.isPending}
      submitDisabled={spec.submitDisabled?.(form)}
      noValidate
    >
      <Fields form={form} set={set} errors={errors} editing={editing} />
    </EntityFormDialog>
  );
}
