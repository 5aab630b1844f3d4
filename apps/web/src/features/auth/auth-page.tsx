import { zodResolver } from '@hookform/resolvers/zod';
import { cepRegion } from '@meucardapio/domain/cep-region';
import {
  DEFAULT_COMPANY_NAME,
  loginSchema,
  passwordRecoverySchema,
  STAFF_PASSWORD_MIN,
  staffSignUpFormSchema,
} from '@meucardapio/domain/validation';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';
import { isStaff, type Me, useAuth } from '@/lib/auth';
import { maskCep } from '@/lib/format';
import { useGeoStates, useStateCities } from '@/lib/geo';
import { AuthShell, FormSubmit, fieldProps, useServerSubmit } from './auth-shell';

type Mode = 'login' | 'signup' | 'recover';

const TITLES: Record<Mode, string> = { login: 'Entrar', signup: 'Criar Conta', recover: 'Recuperar Senha' };
const DESCRIPTIONS: Record<Mode, string> = {
  login: 'Acesse o painel do seu restaurante.',
  signup: 'Crie sua conta e monte seu cardápio digital em minutos.',
  recover: 'Informe seu e-mail para receber o link de redefinição de senha.',
};

type FormProps = {
  defaultEmail: string;
  onEmail: (email: string) => void;
  onDone?: () => void;
};

/** The e-mail field every form starts with; `registration` is the form's register('email', …). */
function EmailField({ id, error, registration }: { id: string; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <FormField label="E-mail" htmlFor={id} error={error}>
      <Input
        {...fieldProps(id, error)}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="voce@exemplo.com"
        {...registration}
      />
    </FormField>
  );
}

function LoginForm({ defaultEmail, onEmail }: FormProps) {
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const server = useServerSubmit('Erro ao entrar');
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      const { user } = await api.post<{ user: Me }>('/api/auth/login', values);
      setUser(user);
      toast.success('Login realizado!');
      navigate(user.kind === 'customer' ? '/customer-dashboard' : '/admin', { replace: true });
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField
        id="login-email"
        error={errors.email?.message}
        registration={form.register('email', { onChange: (e) => onEmail(e.target.value) })}
      />
      <FormField label="Senha" htmlFor="login-password" error={errors.password?.message}>
        <Input
          {...fieldProps('login-password', errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <FormSubmit error={server.error} loading={isSubmitting}>
        Entrar
      </FormSubmit>
    </form>
  );
}

function SignupForm({ defaultEmail, onEmail }: FormProps) {
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const server = useServerSubmit('Erro ao criar conta');
  const form = useForm({
    resolver: zodResolver(staffSignUpFormSchema),
    defaultValues: { name: '', companyName: '', email: defaultEmail, password: '', cep: '', city: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const region = cepRegion(form.watch('cep') ?? '');
  const stateName = useGeoStates().data?.find((s) => s.code === region?.state)?.name ?? region?.state;
  const cities = useStateCities(region?.state).data ?? [];
  const citiesId = useId();

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      const { user } = await api.post<{ user: Me }>('/api/auth/signup', values);
      setUser(user);
      toast.success('Conta criada!');
      navigate('/admin', { replace: true });
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Nome" htmlFor="signup-name" error={errors.name?.message}>
        <Input
          {...fieldProps('signup-name', errors.name?.message)}
          autoComplete="name"
          placeholder="Seu nome"
          {...form.register('name')}
        />
      </FormField>
      <FormField
        label="Nome da empresa (opcional)"
        htmlFor="signup-company"
        error={errors.companyName?.message}
        hint={`Sem nome, o restaurante se chama '${DEFAULT_COMPANY_NAME}'.`}
      >
        <Input
          {...fieldProps('signup-company', errors.companyName?.message)}
          autoComplete="organization"
          placeholder="Ex.: Pizzaria do Bairro"
          {...form.register('companyName')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[9rem_1fr]">
        <FormField
          label="CEP do restaurante"
          htmlFor="signup-cep"
          error={errors.cep?.message}
          hint={stateName ? `${stateName} (${region?.state})` : 'Define o estado e a cidade da entrega.'}
        >
          <Input
            {...fieldProps('signup-cep', errors.cep?.message)}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="30130-010"
            {...form.register('cep', {
              onChange: (e) => {
                const cep = maskCep(e.target.value);
                form.setValue('cep', cep);
                // The capital's own CEPs name the city; anywhere else the owner picks it.
                form.setValue('city', cepRegion(cep)?.capital ?? '');
              },
            })}
          />
        </FormField>
        <FormField
          label="Cidade"
          htmlFor="signup-city"
          error={errors.city?.message}
          hint={region ? 'Digite e escolha da lista.' : undefined}
        >
          <Input
            {...fieldProps('signup-city', errors.city?.message)}
            list={citiesId}
            autoComplete="address-level2"
            disabled={!region}
            {...form.register('city')}
          />
          <datalist id={citiesId}>
            {cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </FormField>
      </div>
      <EmailField
        id="signup-email"
        error={errors.email?.message}
        registration={form.register('email', { onChange: (e) => onEmail(e.target.value) })}
      />
      <FormField
        label="Senha"
        htmlFor="signup-password"
        error={errors.password?.message}
        hint={`Pelo menos ${STAFF_PASSWORD_MIN} caracteres.`}
      >
        <Input
          {...fieldProps('signup-password', errors.password?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <FormSubmit error={server.error} loading={isSubmitting}>
        Criar conta
      </FormSubmit>
    </form>
  );
}

function RecoverForm({ defaultEmail, onEmail, onDone }: FormProps) {
  const server = useServerSubmit('Erro ao enviar e-mail');
  const form = useForm({
    resolver: zodResolver(passwordRecoverySchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    server.run(async () => {
      await api.post('/api/auth/recover', values);
      toast.success('E-mail enviado!', { description: 'Verifique sua caixa de entrada para redefinir a senha.' });
      onDone?.();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField
        id="recover-email"
        error={errors.email?.message}
        registration={form.register('email', { onChange: (e) => onEmail(e.target.value) })}
      />
      <FormSubmit error={server.error} loading={isSubmitting}>
        Enviar link de recuperação
      </FormSubmit>
    </form>
  );
}

/** / and /auth: sign in, sign up and password recovery for owners and employees; /auth?mode=signup opens sign-up. */
export default function AuthPage() {
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => (params.get('mode') === 'signup' ? 'signup' : 'login'));
  const [typedEmail, setTypedEmail] = useState('');

  if (status === 'ready' && isStaff(user)) return <Navigate to="/admin" replace />;

  const formProps: FormProps = { defaultEmail: typedEmail, onEmail: setTypedEmail };

  return (
    <AuthShell>
      <title>{`${TITLES[mode]} · MeuCardápio`}</title>
      <Card className="gap-5 shadow-lg shadow-orange-900/5">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {TITLES[mode]}
          </CardTitle>
          <CardDescription>{DESCRIPTIONS[mode]}</CardDescription>
        </CardHeader>
        <CardContent>
          {status === 'loading' ? (
            <div className="grid gap-4" aria-busy="true">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : mode === 'login' ? (
            <LoginForm key="login" {...formProps} />
          ) : mode === 'signup' ? (
            <SignupForm key="signup" {...formProps} />
          ) : (
            <RecoverForm key="recover" {...formProps} onDone={() => setMode('login')} />
          )}
        </CardContent>
        <CardFooter className="flex-col gap-1 text-sm">
          {mode === 'login' && (
            <Button variant="link" size="sm" onClick={() => setMode('recover')}>
              Esqueceu sua senha?
            </Button>
          )}
          {mode === 'signup' ? (
            <Button variant="link" size="sm" onClick={() => setMode('login')}>
              Já tem conta? Entrar
            </Button>
          ) : mode === 'login' ? (
            <Button variant="link" size="sm" onClick={() => setMode('signup')}>
              Não tem conta? Criar conta
            </Button>
          ) : (
            <Button variant="link" size="sm" onClick={() => setMode('login')}>
              Já tem conta? Entrar
            </Button>
          )}
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
