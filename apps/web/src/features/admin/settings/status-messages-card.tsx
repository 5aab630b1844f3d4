import {
  checkStatusTemplate,
  DEFAULT_STATUS_TEMPLATES,
  renderStatusMessage,
  STATUS_MESSAGE_LABELS,
  STATUS_MESSAGE_PLACEHOLDER_HELP,
  STATUS_MESSAGE_PLACEHOLDERS,
  STATUS_MESSAGE_STATUSES,
  type StatusMessageSettings,
  type StatusMessageStatus,
} from '@meucardapio/domain/status-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { api, errorText } from '@/lib/api';
import { SETTINGS_KEY, type Settings, useSettings } from './settings-api';

/** What the preview fills the placeholders with. */
const SAMPLE = {
  customerName: 'Maria Souza',
  number: 128,
  link: `${window.location.origin}/customer`,
};

/** Toggles and texts of the messages a customer receives when their order is accepted, sent out and delivered. */
export function StatusMessagesCard({
  initial,
  onDirtyChange,
}: {
  initial: StatusMessageSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const restaurantName = useSettings().data?.general?.name ?? 'seu restaurante';
  const [draft, setDraft] = useState<StatusMessageSettings>(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const errors = Object.fromEntries(
    STATUS_MESSAGE_STATUSES.map((s) => {
      const check = checkStatusTemplate(s, draft[s].template);
      return [s, check.ok ? undefined : check.description];
    }),
  ) as Record<StatusMessageStatus, string | undefined>;
  const invalid = STATUS_MESSAGE_STATUSES.some((s) => errors[s]);

  const save = useMutation({
    mutationFn: () =>
      api.put<{ statusMessages: StatusMessageSettings }>('/api/admin/settings/whatsapp/status-messages', draft),
    onSuccess: ({ statusMessages }) => {
      setDraft(statusMessages);
      queryClient.setQueryData(SETTINGS_KEY, (old: Settings | undefined) =>
        old?.whatsapp ? { ...old, whatsapp: { ...old.whatsapp, statusMessages } } : old,
      );
      toast.success('Mensagens salvas!');
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error(t.title || 'Erro ao salvar', { description: t.description });
    },
  });

  const set = (status: StatusMessageStatus, patch: Partial<StatusMessageSettings[StatusMessageStatus]>) =>
    setDraft((d) => ({ ...d, [status]: { ...d[status], ...patch } }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mensagens de status do pedido</CardTitle>
        <CardDescription>
          Enviadas ao cliente pelo WhatsApp uma única vez em cada etapa, além da confirmação do pedido.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            if (!invalid) save.mutate();
          }}
        >
          <p className="text-xs text-muted-foreground">
            Marcadores:{' '}
            {STATUS_MESSAGE_PLACEHOLDERS.map((p, i) => (
              <span key={p}>
                {i > 0 && ' · '}
                <code className="rounded bg-muted px-1 font-mono text-foreground">{p}</code>{' '}
                {STATUS_MESSAGE_PLACEHOLDER_HELP[p]}
              </span>
            ))}
          </p>
          {STATUS_MESSAGE_STATUSES.map((status) => {
            const id = `status-message-${status}`;
            const entry = draft[status];
            return (
              <fieldset key={status} className="grid gap-2 rounded-lg border p-3">
                <div className="flex items-center justify-between gap-4">
                  <Label htmlFor={`${id}-on`} className="text-base">
                    {STATUS_MESSAGE_LABELS[status]}
                  </Label>
                  <Switch
                    id={`${id}-on`}
                    checked={entry.enabled}
                    onCheckedChange={(enabled) => set(status, { enabled })}
                  />
                </div>
                <Label htmlFor={id} className="sr-only">
                  Texto da mensagem "{STATUS_MESSAGE_LABELS[status]}"
                </Label>
                <Textarea
                  id={id}
                  rows={3}
                  maxLength={1000}
                  value={entry.template}
                  disabled={!entry.enabled}
                  onChange={(e) => set(status, { template: e.target.value })}
                  aria-invalid={Boolean(errors[status]) || undefined}
                  aria-describedby={errors[status] ? `${id}-error` : `${id}-preview`}
                />
                {errors[status] ? (
                  <p id={`${id}-error`} className="text-sm text-destructive">
                    {errors[status]}
                  </p>
                ) : (
                  <p id={`${id}-preview`} className="text-xs text-muted-foreground break-words">
                    Prévia: {renderStatusMessage(entry.template, { ...SAMPLE, status, restaurantName })}
                  </p>
                )}
                {entry.template !== DEFAULT_STATUS_TEMPLATES[status] && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="justify-self-start"
                    onClick={() => set(status, { template: DEFAULT_STATUS_TEMPLATES[status] })}
                  >
                    <RotateCcw aria-hidden />
                    Restaurar texto padrão
                  </Button>
                )}
              </fieldset>
            );
          })}
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} disabled={invalid}>
              Salvar mensagens
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
