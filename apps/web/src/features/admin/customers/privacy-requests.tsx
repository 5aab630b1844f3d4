import { type AdminPrivacyRequestView, PRIVACY_REQUEST_LABELS } from '@meucardapio/domain/privacy';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { formatDate, formatDateTime } from '@/lib/format';

/** What customers asked about their own data (LGPD), each with the 15-day deadline of art. 19. */
export function PrivacyRequests() {
  const requests = useQuery({
    queryKey: ['admin-privacy-requests'],
    queryFn: () =>
      api.get<{ requests: AdminPrivacyRequestView[] }>('/api/admin/privacy-requests').then((r) => r.requests),
  });
  return (
    <section aria-labelledby="privacy-requests-title" className="mt-8 grid gap-3">
      <div>
        <h2 id="privacy-requests-title" className="flex items-start gap-2 text-lg font-semibold">
          <ShieldCheck className="mt-1 size-5 shrink-0" aria-hidden /> Solicitações sobre dados pessoais (LGPD)
        </h2>
        <p className="text-sm text-muted-foreground">
          A lei dá 15 dias para responder a cada pedido (art. 19). Cópias e exclusões feitas pelo próprio cliente, em
          "Meus dados", já saem atendidas.
        </p>
      </div>
      {requests.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Erro ao carregar as solicitações.
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Cliente</TableHead>
              <TableHead>Solicitação</TableHead>
              <TableHead>Recebida em</TableHead>
              <TableHead>Prazo</TableHead>
              <TableHead>Situação</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {requests.isPending ? (
              <TableRow>
                <TableCell colSpan={5}>
                  <Skeleton className="h-16 w-full" />
                </TableCell>
              </TableRow>
            ) : requests.data.length === 0 ? (
              <TableEmpty colSpan={5}>Nenhuma solicitação recebida</TableEmpty>
            ) : (
              requests.data.map((r) => (
                <TableRow key={r.id}>
                  <TableCell label="Cliente" className="font-medium">
                    {r.customerName}
                  </TableCell>
                  <TableCell label="Solicitação">{PRIVACY_REQUEST_LABELS[r.kind]}</TableCell>
                  <TableCell label="Recebida em">{formatDateTime(r.requestedAt)}</TableCell>
                  <TableCell label="Prazo">{formatDate(r.dueAt)}</TableCell>
                  <TableCell label="Situação">
                    {r.completedAt ? (
                      <Badge variant="secondary">Atendida em {formatDate(r.completedAt)}</Badge>
                    ) : (
                      <Badge variant="outline">Em aberto</Badge>
                    )}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
