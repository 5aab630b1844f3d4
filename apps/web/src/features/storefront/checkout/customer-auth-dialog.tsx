import { MSG } from '@meucardapio/domain/messages';
import { formatPhone } from '@meucardapio/domain/phone';
import { CUSTOMER_PASSWORD_MIN, customerRegistrationSchema, firstIssueMessage } from '@meucardapio/domain/validation';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AddressFields, emptyAddressValue } from '@/components/address-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api';
import { type CustomerMe, useAuth } from '@/lib/auth';
import { customerLogin, customerRecover, customerRegister } from './checkout-api';

export type CustomerAuthDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The restaurant whose customer account is used (accounts belong to one restaurant). */
  slug: string;
  restaurantName?: string;
  /**
   * What happens after login or sign-up. Default: close and go to the customer area (spec §2).
   * With a handler, the dialog does NOT close by itself (the handler decides): the checkout uses this
   * to swap the dialog for the order form.
   */
  onSignedIn?: (user: CustomerMe) => void;
  /** Shown under the title, e.g. why the login is needed. */
  description?: string;
};

type View = 'login' | 'register' | 'recover';

const emptyRegister = {
  name: '',
  phone: '',
  email: '',
  password: '',
  ...emptyAddressValue,
  birthDay: '',
  birthMonth: '',
};

/** Login / sign-up / password recovery of a storefront customer ('Entrar' and the checkout use it). */
export function CustomerAuthDialog({
  open,
  onOpenChange,
  slug,
  restaurantName,
  onSignedIn,
  description,
}: CustomerAuthDialogProps) {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('login');
  const [busy, setBusy] = useState(false);
  const [login, setLogin] = useState({ email: '', password: '' });
  const [reg, setReg] = useState(emptyRegister);
  const [recoverEmail, setRecoverEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function done(user: CustomerMe) {
    setUser(user);
    if (onSignedIn) {
      onSignedIn(user);
      return;
    }
    onOpenChange(false);
    navigate('/customer-dashboard');
  }

  async function submitLogin(e: FormEvent) {
    e.preventDefault();
    const email = login.email.trim().toLowerCase();
    if (!email || !login.password) {
      setError(MSG.emailPasswordRequired);
      toast.error(MSG.emailPasswordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { user } = await customerLogin(slug, { email, password: login.password });
      toast.success('Login realizado!', { description: `Olá, ${user.name}!` });
      done(user);
    } catch (err) {
      toastError(err, 'Erro no login');
    } finally {
      setBusy(false);
    }
  }

  async function submitRegister(e: FormEvent) {
    e.preventDefault();
    const required = [
      reg.name,
      reg.phone,
      reg.email,
      reg.password,
      reg.address,
      reg.number,
      reg.neighborhood,
      reg.city,
      reg.cep,
    ];
    if (required.some((v) => !v.trim())) {
      setError(MSG.allFieldsRequired);
      toast.error(MSG.allFieldsRequired);
      return;
    }
    if (reg.password.length < CUSTOMER_PASSWORD_MIN) {
      setError(MSG.passwordMin6);
      toast.error(MSG.passwordMin6);
      return;
    }
    // The server's own schema: what is left to refuse here is the e-mail and the birthday.
    const parsed = customerRegistrationSchema.safeParse(reg);
    if (!parsed.success) {
      const message = firstIssueMessage(parsed.error);
      setError(message);
      toast.error(message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { user } = await customerRegister(slug, {
        ...reg,
        email: reg.email.trim().toLowerCase(),
        complement: reg.complement || null,
        birthDay: reg.birthDay ? Number(reg.birthDay) : null,
        birthMonth: reg.birthMonth ? Number(reg.birthMonth) : null,
      });
      toast.success('Cadastro realizado!', { description: `Bem-vindo(a), ${user.name}!` });
      done(user);
    } catch (err) {
      toastError(err, 'Erro ao cadastrar');
    } finally {
      setBusy(false);
    }
  }

  async function submitRecover(e: FormEvent) {
    e.preventDefault();
    if (!recoverEmail.trim()) {
      setError(MSG.emailRequired);
      toast.error(MSG.emailRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await customerRecover(slug, recoverEmail.trim().toLowerCase());
      toast.success('E-mail enviado!', { description: 'Verifique sua caixa de entrada para redefinir a senha.' });
      setView('login');
    } catch (err) {
      toastError(err, 'Erro na recuperação');
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof typeof emptyRegister) => (e: { target: { value: string } }) =>
    setReg((r) => ({ ...r, [k]: e.target.value }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent variant="sheet" className="md:max-w-md">
        <DialogHeader>
          <DialogTitle>{view === 'recover' ? 'Recuperar senha' : 'Acesse sua conta'}</DialogTitle>
          <DialogDescription>
            {view === 'recover'
              ? 'Informe seu e-mail para receber o link de redefinição.'
              : (description ??
                `Entre ou cadastre-se${restaurantName ? ` em ${restaurantName}` : ''} para fazer pedidos.`)}
          </DialogDescription>
        </DialogHeader>

        {view === 'recover' ? (
          <form className="grid gap-4" onSubmit={submitRecover} noValidate>
            <FormField label="E-mail" htmlFor="recover-email" error={error ?? undefined}>
              <Input
                id="recover-email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={recoverEmail}
                onChange={(e) => setRecoverEmail(e.target.value)}
              />
            </FormField>
            <Button type="submit" variant="brand" size="lg" loading={busy}>
              Enviar link
            </Button>
            <Button type="button" variant="ghost" onClick={() => setView('login')}>
              <ArrowLeft aria-hidden /> Voltar para o login
            </Button>
          </form>
        ) : (
          <Tabs
            value={view}
            onValueChange={(v) => {
              setError(null);
              setView(v as View);
            }}
          >
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Entrar</TabsTrigger>
              <TabsTrigger value="register">Cadastrar</TabsTrigger>
            </TabsList>

            <TabsContent value="login">
              <form className="grid gap-4" onSubmit={submitLogin} noValidate>
                <FormField label="E-mail" htmlFor="login-email">
                  <Input
                    id="login-email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    value={login.email}
                    onChange={(e) => setLogin((l) => ({ ...l, email: e.target.value }))}
                  />
                </FormField>
                <FormField label="Senha" htmlFor="login-password" error={error ?? undefined}>
                  <Input
                    id="login-password"
                    type="password"
                    autoComplete="current-password"
                    value={login.password}
                    onChange={(e) => setLogin((l) => ({ ...l, password: e.target.value }))}
                  />
                </FormField>
                <Button type="submit" variant="brand" size="lg" loading={busy}>
                  Entrar
                </Button>
                <Button type="button" variant="link" className="h-auto p-0" onClick={() => setView('recover')}>
                  Esqueci minha senha
                </Button>
              </form>
            </TabsContent>

            <TabsContent value="register">
              <form className="grid gap-3" onSubmit={submitRegister} noValidate>
                <FormField label="Nome completo" htmlFor="reg-name">
                  <Input id="reg-name" autoComplete="name" value={reg.name} onChange={set('name')} />
                </FormField>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField label="Telefone" htmlFor="reg-phone">
                    <Input
                      id="reg-phone"
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel-national"
                      placeholder="(11) 98765-4321"
                      value={reg.phone}
                      onChange={(e) => setReg((r) => ({ ...r, phone: formatPhone(e.target.value) }))}
                    />
                  </FormField>
                  <FormField label="E-mail" htmlFor="reg-email">
                    <Input
                      id="reg-email"
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      value={reg.email}
                      onChange={set('email')}
                    />
                  </FormField>
                </div>
                <FormField label="Senha" htmlFor="reg-password" hint="Mínimo de 6 caracteres">
                  <Input
                    id="reg-password"
                    type="password"
                    autoComplete="new-password"
                    value={reg.password}
                    onChange={set('password')}
                  />
                </FormField>
                <AddressFields idPrefix="reg" value={reg} onChange={(patch) => setReg((r) => ({ ...r, ...patch }))} />
                <div className="grid grid-cols-2 gap-3">
                  <FormField label="Dia do aniversário" htmlFor="reg-bday">
                    <Input
                      id="reg-bday"
                      inputMode="numeric"
                      placeholder="Opcional"
                      value={reg.birthDay}
                      onChange={(e) =>
                        setReg((r) => ({ ...r, birthDay: e.target.value.replace(/\D/g, '').slice(0, 2) }))
                      }
                    />
                  </FormField>
                  <FormField label="Mês do aniversário" htmlFor="reg-bmonth">
                    <Input
                      id="reg-bmonth"
                      inputMode="numeric"
                      placeholder="Opcional"
                      value={reg.birthMonth}
                      onChange={(e) =>
                        setReg((r) => ({ ...r, birthMonth: e.target.value.replace(/\D/g, '').slice(0, 2) }))
                      }
                    />
                  </FormField>
                </div>
                {error && (
                  <p role="alert" className="text-sm text-destructive">
                    {error}
                  </p>
                )}
                <Button type="submit" variant="brand" size="lg" loading={busy}>
                  Criar conta
                </Button>
              </form>
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default CustomerAuthDialog;
