import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api, errorText, toastError } from '@/lib/api';
import { AuthShell, FormError } from './auth-shell';

const schema = z
  .object({
    password: z.string().min(6, 'A senha deve ter pelo menos 6 caracteres'),
    confirm: z.string().min(1, 'Confirme a nova senha'),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'As senhas não coincidem' });

/** /auth/reset?token=…: choose a new password from the e-mailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<{ title: string; description: string } | null>(null);
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await api.post('/api/auth/reset', { token, password });
      toast.success('Senha alterada!', { description: 'Entre com sua nova senha.' });
      navigate('/auth', { replace: true });
    } catch (err) {
      setServerError(errorText(err, 'Erro ao alterar senha'));
      toastError(err, 'Erro ao alterar senha');
    }
  });

  return (
    <AuthShell>
      <title>Nova senha · MeuCardápio</title>
      <Card className="gap-5 shadow-lg shadow-orange-900/5">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Nova senha
          </CardTitle>
          <CardDescription>
            {token ? 'Escolha uma nova senha para sua conta.' : 'Link inválido ou expirado. Solicite um novo link.'}
          </CardDescription>
        </CardHeader>
        {token && (
          <CardContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <FormField label="Nova senha" htmlFor="reset-password" error={errors.password?.message}>
                <Input
                  id="reset-password"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'reset-password-error' : undefined}
                  {...form.register('password')}
                />
              </FormField>
              <FormField label="Confirmar senha" htmlFor="reset-confirm" error={errors.confirm?.message}>
                <Input
                  id="reset-confirm"
                  type="password"
                  autoComplete="new-password"
                  aria-invalid={errors.confirm ? true : undefined}
                  aria-describedby={errors.confirm ? 'reset-confirm-error' : undefined}
                  {...form.register('confirm')}
                />
              </FormField>
              <FormError error={serverError} />
              <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
                Alterar senha
              </Button>
            </form>
          </CardContent>
        )}
        <CardFooter className="justify-center">
          <Button variant="link" size="sm" asChild>
            <Link to="/auth">Voltar para o login</Link>
          </Button>
        </CardFooter>
      </Card>
    </AuthShell>
  );
}
