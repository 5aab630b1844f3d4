import {
  MARKETING_CONSENT,
  ORDER_UPDATES_TEXT,
  PRIVACY_REQUEST_LABELS,
  type PrivacyOverview,
} from '@meucardapio/domain/privacy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toastError } from '@/lib/api';
import { type CustomerMe, useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { customerKeys, deleteMyAccount, downloadMyData, fetchPrivacy, saveMarketingConsent } from './customer-api';

/** "Meus dados" (LGPD): marketing consent, a copy of everything the restaurant holds, account deletion. */
export function MyDataSection({ user }: { user: CustomerMe }) {
  const privacy = useQuery({ queryKey: customerKeys.privacy, queryFn: fetchPrivacy });
  const restaurant = user.restaurant.name;
  return (
    <Card role="region" aria-labelledby="my-data-title">
      <CardHeader>
        <CardTitle id="my-data-title" className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-4" aria-hidden /> Meus dados
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          O que {restaurant} guarda sobre você: baixe uma cópia, escolha quais mensagens receber ou exclua sua conta.
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {privacy.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : privacy.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Não foi possível carregar seus dados. Recarregue a página.
          </p>
        ) : (
          <>
            <Messages overview={privacy.data} />
            <CopyOfMyData restaurant={restaurant} />
            <DeleteAccount slug={user.restaurant.slug} />
            <Requests overview={privacy.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Messages({ overview }: { overview: PrivacyOverview }) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const marketing = overview.marketing;

  async function toggle(granted: boolean) {
    setSaving(true);
    try {
      const res = await saveMarketingConsent(granted);
      queryClient.setQueryData(customerKeys.privacy, { marketing: res.marketing, requests: res.requests });
      toast.success(res.message);
    } catch (err) {
      toastError(err, 'Não foi possível salvar sua escolha.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="messages-title" className="grid gap-3">
      <h3 id="messages-title" className="text-sm font-semibold">
        Mensagens
      </h3>
      <div className="rounded-lg border p-3">
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium">
          Atualizações dos pedidos <Badge variant="secondary">Sempre ativas</Badge>
        </p>
        <p className="text-sm text-muted-foreground">{ORDER_UPDATES_TEXT}</p>
      </div>
      <div className="flex items-start justify-between gap-3 rounded-lg border p-3">
        <div className="min-w-0">
          <label htmlFor="marketing-consent" className="text-sm font-medium">
            Ofertas e novidades
          </label>
          <p className="text-sm text-muted-foreground">{MARKETING_CONSENT.text}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {marketing === null
              ? 'Você ainda não aceitou.'
              : marketing.granted
                ? `Aceito em ${formatDateTime(marketing.at)}.`
                : `Retirado em ${formatDateTime(marketing.at)}.`}
          </p>
        </div>
        <Switch
          id="marketing-consent"
          className="mt-0.5"
          checked={marketing?.granted ?? false}
          disabled={saving}
          onCheckedChange={toggle}
        />
      </div>
    </section>
  );
}

function CopyOfMyData({ restaurant }: { restaurant: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);

  async function download(format: 'json' | 'csv') {
    setBusy(format);
    try {
      await downloadMyData(format);
      void queryClient.invalidateQueries({ queryKey: customerKeys.privacy });
    } catch (err) {
      toastError(err, 'Não foi possível baixar seus dados.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="copy-title" className="grid gap-2">
      <h3 id="copy-title" className="text-sm font-semibold">
        Baixar meus dados
      </h3>
      <p className="text-sm text-muted-foreground">
        Uma cópia de tudo o que {restaurant} guarda sobre você: perfil, endereços, pedidos, avaliações, conversas e
        consentimentos.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" className="h-10" loading={busy === 'json'} onClick={() => download('json')}>
          <Download aria-hidden /> Baixar JSON
        </Button>
        <Button variant="outline" className="h-10" loading={busy === 'csv'} onClick={() => download('csv')}>
          <Download aria-hidden /> Baixar CSV (planilha)
        </Button>
      </div>
    </section>
  );
}

function DeleteAccount({ slug }: { slug: string }) {
  const { setUser } = useAuth({ load: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const res = await deleteMyAccount(password);
      toast.success(res.message);
      setOpen(false);
      setUser(null);
      queryClient.removeQueries({ queryKey: ['customer'] });
      navigate(`/${slug}`);
    } catch (err) {
      toastError(err, 'Não foi possível excluir sua conta.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="delete-title" className="grid gap-2 rounded-lg border border-destructive/30 p-3">
      <h3 id="delete-title" className="text-sm font-semibold text-destructive">
        Excluir minha conta
      </h3>
      <p className="text-sm text-muted-foreground">
        Seu nome, telefone, e-mail e endereços são apagados e você sai de todos os aparelhos. Os pedidos continuam nos
        registros do restaurante, sem seus dados pessoais, como exige a lei fiscal.
      </p>
      <div>
        <Button
          variant="destructive"
          className="h-10"
          onClick={() => {
            setPassword('');
            setOpen(true);
          }}
        >
          <Trash2 aria-hidden /> Excluir minha conta
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form className="grid gap-3" onSubmit={confirm} noValidate>
            <DialogHeader>
              <DialogTitle>Excluir sua conta?</DialogTitle>
              <DialogDescription>
                Isso não pode ser desfeito. Para fazer novos pedidos com conta, será preciso criar outra.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Digite sua senha para confirmar" htmlFor="delete-password">
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
                Cancelar
              </Button>
              <Button type="submit" variant="destructive" loading={busy}>
                Excluir minha conta
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function Requests({ overview }: { overview: PrivacyOverview }) {
  if (overview.requests.length === 0) return null;
  return (
    <section aria-labelledby="requests-title" className="grid gap-2">
      <h3 id="requests-title" className="text-sm font-semibold">
        Suas solicitações
      </h3>
      <ul className="grid gap-2 text-sm">
        {overview.requests.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-3">
            <div className="min-w-0">
              <p>{PRIVACY_REQUEST_LABELS[r.kind]}</p>
              <p className="text-xs text-muted-foreground">{formatDateTime(r.requestedAt)}</p>
            </div>
            <Badge variant="outline">{r.completedAt ? 'Atendida' : 'Em andamento'}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
