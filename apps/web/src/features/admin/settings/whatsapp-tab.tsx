import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { api, errorText } from '@/lib/api';
import { SentMessagesCard } from './sent-messages-card';
import { SETTINGS_KEY, type Settings, type WhatsappSettings } from './settings-api';
import { StatusMessagesCard } from './status-messages-card';

/** The API key, a test message and the status messages; a typed key or edited messages count as unsaved. */
export function WhatsappTab({
  initial,
  onDirtyChange,
}: {
  initial: WhatsappSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState('');
  const [messagesDirty, setMessagesDirty] = useState(false);
  const dirty = apiKey.trim() !== '' || messagesDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const [phone, setPhone] = useState(initial.whatsapp ? `55${initial.whatsapp}` : '');
  const [message, setMessage] = useState('Olá! Esta é uma mensagem de teste do MeuCardápio.');

  const saveKey = useMutation({
    mutationFn: () => api.put('/api/admin/settings/whatsapp', { apiKey }),
    onSuccess: () => {
      setApiKey('');
      queryClient.setQueryData(SETTINGS_KEY, (old: Settings | undefined) =>
        old?.whatsapp ? { ...old, whatsapp: { ...old.whatsapp, configured: { apiKey: true } } } : old,
      );
      toast.success('Configuração salva!');
    },
    onError: (err) => {
      const t = errorText(err);
      toast.error(t.title === 'API Key obrigatória' ? t.title : 'Erro ao salvar', {
        description: t.description || 'Erro ao salvar configuração. Tente novamente.',
      });
    },
  });

  const test = useMutation({
    mutationFn: () => api.post('/api/admin/settings/whatsapp/test', { phone, message }),
    onSuccess: () => toast.success('Mensagem de teste enviada!'),
    onError: (err) => {
      const t = errorText(err);
      toast.error(t.title === 'Número obrigatório' ? t.title : 'Erro no teste', {
        description: t.description || t.title,
      });
    },
  });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Integração com WhatsApp</CardTitle>
          <CardDescription>A chave é guardada com segurança e nunca é exibida novamente.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              if (!apiKey.trim()) {
                toast.error('API Key obrigatória', { description: 'Informe a API Key do WhatsApp.' });
                return;
              }
              saveKey.mutate();
            }}
          >
            <FormField
              label="API Key"
              htmlFor="whatsapp-key"
              hint={
                initial.configured.apiKey ? (
                  <span className="inline-flex items-center gap-1 text-success">
                    <CheckCircle2 className="size-3.5" aria-hidden /> configurado
                  </span>
                ) : (
                  'Não configurado'
                )
              }
            >
              <Input
                id="whatsapp-key"
                type="password"
                autoComplete="off"
                placeholder={initial.configured.apiKey ? '••••••••' : 'Cole a API Key'}
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
              />
            </FormField>
            <Button type="submit" loading={saveKey.isPending} className="sm:mb-6">
              Salvar
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Enviar mensagem de teste</CardTitle>
          <CardDescription>Formato do número: código do país + DDD + número (ex.: 5511987654321).</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!phone.trim()) {
                toast.error('Número obrigatório', { description: 'Informe o número com código do país e DDD.' });
                return;
              }
              test.mutate();
            }}
          >
            <FormField label="Número" htmlFor="whatsapp-phone">
              <Input
                id="whatsapp-phone"
                inputMode="tel"
                placeholder="5511987654321"
                value={phone}
                onChange={(e) => setPhone(e.target.value.replace(/[^\d]/g, '').slice(0, 13))}
              />
            </FormField>
            <FormField label="Mensagem" htmlFor="whatsapp-message">
              <Textarea
                id="whatsapp-message"
                rows={3}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                maxLength={1000}
              />
            </FormField>
            <div className="flex justify-end">
              <Button type="submit" variant="outline" loading={test.isPending}>
                <Send aria-hidden />
                Enviar teste
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <StatusMessagesCard initial={initial.statusMessages} onDirtyChange={setMessagesDirty} />
      <SentMessagesCard />
    </div>
  );
}
