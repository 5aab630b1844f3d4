#!/usr/bin/env node
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runAgent } from '../src/agent.js';

const { values } = parseArgs({
  options: {
    token: { type: 'string' },
    servidor: { type: 'string' },
    pasta: { type: 'string' },
    ajuda: { type: 'boolean', short: 'h' },
  },
});

const token = values.token ?? process.env.MEUCARDAPIO_TOKEN;
const server = values.servidor ?? process.env.MEUCARDAPIO_SERVIDOR;
if (values.ajuda || !token || !server) {
  console.log(`Agente de impressão do MeuCardápio

Uso: npx meucardapio-impressora --servidor https://seu-endereco --token mcp_...

  --servidor  endereço do MeuCardápio (ou MEUCARDAPIO_SERVIDOR)
  --token     token criado em Configurações → Impressoras (ou MEUCARDAPIO_TOKEN)
  --pasta     onde guardar o registro de impressões (padrão: ~/.meucardapio-impressora)`);
  process.exit(values.ajuda ? 0 : 1);
}

await runAgent({
  server,
  token,
  journalDir: values.pasta ?? process.env.MEUCARDAPIO_PASTA ?? join(homedir(), '.meucardapio-impressora'),
  probeMs: Number(process.env.MEUCARDAPIO_VERIFICAR_MS) || undefined,
  crashAfterDelivery: process.env.MEUCARDAPIO_TESTE_FALHAR_APOS_ENTREGA === '1',
  // Test hook: a folder that stands in for /dev when listing USB and serial printers.
  devicesRoot: process.env.MEUCARDAPIO_TESTE_DISPOSITIVOS || undefined,
});
