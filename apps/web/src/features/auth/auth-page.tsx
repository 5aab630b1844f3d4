import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { api, errorText, toastError } from '@/lib/api';
import { isStaff, type Me, useAuth } from '@/lib/auth';
import { AuthShell, FormError } from './auth-shell';

type Mode = 'login' | 'signup' | 'recover';
type ServerError = { title: string; description: string } | null;

const TITLES: Record<Mode, string> = { login: 'Entrar', signup: 'Criar Conta', recover: 'Recuperar Senha' };
const DESCRIPTIONS: Record<Mode, string> = {
  login: 'Acesse o painel do seu restaurante.',
  signup: 'Crie sua conta e monte seu cardápio digital em minutos.',
  recover: 'Informe seu e-mail para receber o link de redefinição de senha.',
};

const email = z.string().trim().min(1, 'Informe seu e-mail').email('Informe um e-mail válido');

const loginSchema = z.object({ email, password: z.string().min(1, 'Informe sua senha') });
const signupSchema = z.object({
  name: z.string().trim().min(1, 'Informe seu nome'),
  companyName: z.string().trim().min(1, 'Informe o nome da empresa'),
  email,
  password: z.string().min(8, 'A senha deve ter pelo menos 8 caracteres'),
});
const recoverSchema = z.object({ email });

type FormProps = {
  defaultEmail: string;
  onEmail: (email: string) => void;
  onDone?: () => void;
};

function fieldProps(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

function LoginForm({ defaultEmail, onEmail }: FormProps) {
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const [serverError, setServerError] = useState<ServerError>(null);
  const form = useForm<z.infer<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { user } = await api.post<{ user: Me }>('/api/auth/login', values);
      setUser(user);
      navigate(user.kind === 'customer' ? '/customer-dashboard' : '/admin', { replace: true });
    } catch (err) {
      setServerError(errorText(err, 'Erro ao entrar'));
      toastError(err, 'Erro ao entrar');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="E-mail" htmlFor="login-email" error={errors.email?.message}>
        <Input
          {...fieldProps('login-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          {...form.register('email', { onChange: (e) => onEmail(e.target.value) })}
        />
      </FormField>
      <FormField label="Senha" htmlFor="login-password" error={errors.password?.message}>
        <Input
          {...fieldProps('login-password', errors.password?.message)}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </FormField>
      <FormError error={serverError} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Entrar
      </Button>
    </form>
  );
}

function SignupForm({ defaultEmail, onEmail }: FormProps) {
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const [serverError, setServerError] = useState<ServerError>(null);
  const form = useForm<z.infer<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', companyName: '', email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { user } = await api.post<{ user: Me }>('/api/auth/signup', values);
      setUser(user);
      toast.success('Conta criada!');
      navigate('/admin', { replace: true });
    } catch (err) {
      setServerError(errorText(err, 'Erro ao criar conta'));
      toastError(err, 'Erro ao criar conta');
    }
  });

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
      <FormField label="Nome da empresa" htmlFor="signup-company" error={errors.companyName?.message}>
        <Input
          {...fieldProps('signup-company', errors.companyName?.message)}
          autoComplete="organization"
          placeholder="Ex.: Pizzaria do Bairro"
          {...form.register('companyName')}
        />
      </FormField>
      <FormField label="E-mail" htmlFor="signup-email" error={errors.email?.message}>
        <Input
          {...fieldProps('signup-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          {...form.register('email', { onChange: (e) => onEmail(e.target.value) })}
        />
      </FormField>
      <FormField
        label="Senha"
        htmlFor="signup-password"
        error={errors.password?.message}
        hint="Pelo menos 8 caracteres."
      >
        <Input
          {...fieldProps('signup-password', errors.password?.message)}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </FormField>
      <FormError error={serverError} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Criar conta
      </Button>
    </form>
  );
}

function RecoverForm({ defaultEmail, onEmail, onDone }: FormProps) {
  const [serverError, setServerError] = useState<ServerError>(null);
  const form = useForm<z.infer<typeof recoverSchema>>({
    resolver: zodResolver(recoverSchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await api.post('/api/auth/recover', values);
      toast.success('E-mail enviado!', { description: 'Verifique sua caixa de entrada para redefinir a senha.' });
      onDone?.();
    } catch (err) {
      setServerError(errorText(err, 'Erro ao enviar e-mail'));
      toastError(err, 'Erro ao enviar e-mail');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="E-mail" htmlFor="recover-email" error={errors.email?.message}>
        <Input
          {...fieldProps('recover-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="voce@exemplo.com"
          {...form.register('email', { onChange: (e) => onEmail(e.target.value) })}
        />
      </FormField>
      <FormError error={serverError} />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Enviar link de recuperação
      </Button>
    </form>
  );
}

/** / and /auth: sign in, sign up and password recovery for owners and employees. */
export default function AuthPage() {
  const { status, user } = useAuth();
  const [mode, setMode] = useState<Mode>('login');
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
