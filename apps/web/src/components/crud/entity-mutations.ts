import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, toastTitledError } from '@/lib/api';

function useInvalidate(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of keys) queryClient.invalidateQueries({ queryKey });
  };
}

type Common = {
  /** The collection's endpoint, e.g. '/api/admin/coupons'. */
  endpoint: string;
  /** Query keys to refresh after a success. */
  invalidate: readonly QueryKey[];
};

/** Creates (POST endpoint) or, with `id`, updates (PUT endpoint/id) one entity; toasts and refreshes. */
export function useSaveEntity<Body>({
  endpoint,
  id,
  invalidate,
  messages,
  onSaved,
}: Common & {
  id: string | undefined;
  messages: { created: string; updated: string; createFailed: string; updateFailed: string };
  onSaved: () => void;
}) {
  const refresh = useInvalidate(invalidate);
  const isEdit = id !== undefined;
  return useMutation({
    mutationFn: (body: Body) => (isEdit ? api.put(`${endpoint}/${id}`, body) : api.post(endpoint, body)),
    onSuccess: () => {
      toast.success(isEdit ? messages.updated : messages.created);
      refresh();
      onSaved();
    },
    onError: (err) => toastTitledError(err, isEdit ? messages.updateFailed : messages.createFailed),
  });
}

/** DELETE endpoint/id. Use `mutateAsync` with ConfirmDialog, which stays open when it fails. */
export function useDeleteEntity<T extends { id: string }>({
  endpoint,
  invalidate,
  messages,
}: Common & { messages: { deleted: string; failed: string } }) {
  const refresh = useInvalidate(invalidate);
  return useMutation({
    mutationFn: (item: T) => api.delete(`${endpoint}/${item.id}`),
    onSuccess: () => {
      toast.success(messages.deleted);
      refresh();
    },
    onError: (err) => toastTitledError(err, messages.failed),
  });
}

/**
 * PATCH endpoint/id/active with the state the switch was moved to (not the opposite of the row held, which
 * a refetch may not have replaced yet); `messages.toggled` is an optional success toast.
 */
export function useToggleActive<T extends { id: string }>({
  endpoint,
  invalidate,
  messages,
}: Common & { messages: { toggled?: string; failed: string } }) {
  const refresh = useInvalidate(invalidate);
  return useMutation({
    mutationFn: ({ item, active }: { item: T; active: boolean }) =>
      api.patch(`${endpoint}/${item.id}/active`, { active }),
    onSuccess: () => {
      if (messages.toggled) toast.success(messages.toggled);
      refresh();
    },
    onError: (err) => toastTitledError(err, messages.failed),
  });
}
