import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { api } from '@/lib/api';
import { AuthShell, FormSubmit, fieldProps, useServerSubmit } from './auth-shell';

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
  const server = useServerSubmit('Erro ao alterar senha');
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) =>
    server.run(async () => {
      await api.post('/api/auth/reset', { token, password });
      toast.success('Senha alterada!', { description: 'Entre com sua nova senha.' });
      navigate('/auth', { replace: true });
    }),
  );

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
                  {...fieldProps('reset-password', errors.password?.message)}
                  type="password"
                  autoComplete="new-password"
                  {...form.register('password')}
                />
              </FormField>
              <FormField label="Confirmar senha" htmlFor="reset-confirm" error={errors.confirm?.message}>
                <Input
                  {...fieldProps('reset-confirm', errors.confirm?.message)}
                  type="password"
                  autoComplete="new-password"
                  {...form.register('confirm')}
                />
              </FormField>
              <FormSubmit error={server.error} loading={isSubmitting}>
                Alterar senha
              </FormSubmit>
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
