import type { StaffCtx } from '../../http/context';
import { FiscalProviderError } from '../../integrations/fiscal/fiscal';
import { loadAccount } from './fiscal-worker';
import { emitterOf } from './note-source';

/** SEFAZ's code for "Serviço em Operação". */
const SEFAZ_OK = 107;

export type ConnectionDiagnosis = { ok: boolean; title: string; description: string; provider: string };

/**
 * "Testar conexão": sends the restaurant's NFC-e configuration (CRT, CSC, ambiente) to the provider and
 * asks SEFAZ's status for its CNPJ, answering in pt-BR what works and what is missing or refused.
 */
export async function testFiscalConnection(ctx: StaffCtx): Promise<ConnectionDiagnosis> {
  const loaded = await loadAccount(ctx.db, ctx.restaurantId);
  if (!loaded) return { ok: false, title: 'Restaurante não encontrado', description: '', provider: '' };
  const { restaurant: r, account, csc } = loaded;
  const provider = ctx.deps.integrations.fiscal.providerFor(account);
  const where = r.nfceAmbiente === 'producao' ? 'produção' : 'homologação';
  const fail = (title: string, description: string) => ({ ok: false, title, description, provider: provider.name });
  const emitter = emitterOf(r);
  if ('missing' in emitter)
    return fail('Dados fiscais incompletos', `Preencha antes de emitir: ${emitter.missing.join(', ')}.`);
  if (!r.nfceCscId || !csc)
    return fail('CSC não configurado', 'Informe o ID e o código CSC que a SEFAZ do seu estado forneceu para NFC-e.');
  try {
    await provider.configureCompany(account, {
      crt: r.nfceCrt,
      cscId: Number(r.nfceCscId),
      csc,
      ambiente: account.ambiente,
    });
    const status = await provider.sefazStatus(account);
    if (status.code !== SEFAZ_OK)
      return fail(
        'SEFAZ fora de operação',
        `A SEFAZ${status.autorizador ? ` (${status.autorizador})` : ''} respondeu ${status.code ?? '—'}: ${status.reason ?? 'sem motivo'}. As notas ficam na fila e saem quando ela voltar.`,
      );
    return {
      ok: true,
      title: 'Conexão funcionando',
      description: `SEFAZ em operação em ${where}${status.autorizador ? ` (${status.autorizador})` : ''}: ${status.reason ?? 'Serviço em Operação'}.${provider.name === 'simulator' ? ' Emissão simulada: nenhuma nota vai à SEFAZ.' : ''}`,
      provider: provider.name,
    };
  } catch (err) {
    if (err instanceof FiscalProviderError && err.kind === 'credentials')
      return fail(
        'Credenciais recusadas',
        `A Nuvem Fiscal recusou o Client ID ou o Client Secret em ${where}. Confira se as credenciais são deste ambiente e têm o escopo nfce.`,
      );
    if (err instanceof FiscalProviderError && err.kind === 'not_found')
      return fail('Empresa não cadastrada', 'O CNPJ do restaurante não está cadastrado na sua conta da Nuvem Fiscal.');
    if (err instanceof FiscalProviderError && err.kind === 'invalid') return fail('Configuração recusada', err.message);
    return fail(
      'Nuvem Fiscal indisponível',
      'Não foi possível falar com a Nuvem Fiscal agora. Tente novamente em instantes.',
    );
  }
}
