import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@meucardapio/domain/messages';
import { formatPhone } from '@meucardapio/domain/phone';
import {
  type CustomerRegistration,
  customerLoginSchema,
  customerRegistrationSchema,
  passwordRecoverySchema,
} from '@meucardapio/domain/validation';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AddressFields, type AddressValue, emptyAddressValue, toAddressValue } from '@/components/address-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toastError } from '@/lib/api';
import { type CustomerMe, useAuth } from '@/lib/auth';
import { firstFormError } from '@/lib/form-errors';
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

/**
 * A refused sign-up's message: a missing field first, then a short password, then the schema's first
 * issue (the e-mail or the birthday), whatever the order of the fields.
 */
function registrationError(errors: FieldErrors): string {
  const messages = Object.values(errors).map((e) => e?.message);
  if (messages.includes(MSG.allFieldsRequired)) return MSG.allFieldsRequired;
  if (messages.includes(MSG.passwordMin6)) return MSG.passwordMin6;
  return firstFormError(errors);
}

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
  const loginForm = useForm({
    resolver: zodResolver(customerLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const regForm = useForm({ resolver: zodResolver(customerRegistrationSchema), defaultValues: emptyRegister });
  const recoverForm = useForm({ resolver: zodResolver(passwordRecoverySchema), defaultValues: { email: '' } });
  const reg = regForm.watch();
  const [error, setError] = useState<string | null>(null);

  function refuse(message: string) {
    setError(message);
    toast.error(message);
  }

  function done(user: CustomerMe) {
    setUser(user);
    if (onSignedIn) {
      onSignedIn(user);
      return;
    }
    onOpenChange(false);
    navigate('/customer-dashboard');
  }

  async function run(action: () => Promise<void>, failure: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      toastError(err, failure);
    } finally {
      setBusy(false);
    }
  }

  const submitLogin = loginForm.handleSubmit(
    (body) =>
      run(async () => {
        const { user } = await customerLogin(slug, body);
        toast.success('Login realizado!', { description: `Olá, ${user.name}!` });
        done(user);
      }, 'Erro no login'),
    (errors) => refuse(firstFormError(errors)),
  );

  const submitRegister = regForm.handleSubmit(
    (body: CustomerRegistration) =>
      run(async () => {
        const { user } = await customerRegister(slug, body);
        toast.success('Cadastro realizado!', { description: `Bem-vindo(a), ${user.name}!` });
        done(user);
      }, 'Erro ao cadastrar'),
    (errors) => refuse(registrationError(errors)),
  );

  const submitRecover = recoverForm.handleSubmit(
    ({ email }) =>
      run(async () => {
        await customerRecover(slug, email);
        toast.success('E-mail enviado!', { description: 'Verifique sua caixa de entrada para redefinir a senha.' });
        setView('login');
      }, 'Erro na recuperação'),
    (errors) => refuse(firstFormError(errors)),
  );

  /** Two digits at most: a birthday day or month. */
  const twoDigits = (k: 'birthDay' | 'birthMonth') => (e: { target: { value: string } }) =>
    regForm.setValue(k, e.target.value.replace(/\D/g, '').slice(0, 2));

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
                {...recoverForm.register('email')}
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
                    {...loginForm.register('email')}
                  />
                </FormField>
                <FormField label="Senha" htmlFor="login-password" error={error ?? undefined}>
                  <Input
                    id="login-password"
                    type="password"
                    autoComplete="current-password"
                    {...loginForm.register('password')}
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
                  <Input id="reg-name" autoComplete="name" {...regForm.register('name')} />
                </FormField>
                <div className="grid gap-3 sm:grid-cols-2">
                  <FormField label="Telefone" htmlFor="reg-phone">
                    <Input
                      id="reg-phone"
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel-national"
                      placeholder="(11) 98765-4321"
                      value={reg.phone ?? ''}
                      onChange={(e) => regForm.setValue('phone', formatPhone(e.target.value))}
                    />
                  </FormField>
                  <FormField label="E-mail" htmlFor="reg-email">
                    <Input
                      id="reg-email"
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      {...regForm.register('email')}
                    />
                  </FormField>
                </div>
                <FormField label="Senha" htmlFor="reg-password" hint="Mínimo de 6 caracteres">
                  <Input
                    id="reg-password"
                    type="password"
                    autoComplete="new-password"
                    {...regForm.register('password')}
                  />
                </FormField>
                <AddressFields
                  idPrefix="reg"
                  value={toAddressValue(reg)}
                  onChange={(patch) => {
                    for (const [k, v] of Object.entries(patch)) regForm.setValue(k as keyof AddressValue, v);
                  }}
                />
                <div className="grid grid-cols-2 gap-3">
                  <FormField label="Dia do aniversário" htmlFor="reg-bday">
                    <Input
                      id="reg-bday"
                      inputMode="numeric"
                      placeholder="Opcional"
                      value={String(reg.birthDay ?? '')}
                      onChange={twoDigits('birthDay')}
                    />
                  </FormField>
                  <FormField label="Mês do aniversário" htmlFor="reg-bmonth">
                    <Input
                      id="reg-bmonth"
                      inputMode="numeric"
                      placeholder="Opcional"
                      value={String(reg.birthMonth ?? '')}
                      onChange={twoDigits('birthMonth')}
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
