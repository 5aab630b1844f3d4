// `npm run db:backup [FILE]` and `npm run db:restore FILE`: the embedded database (DATA_DIR) or, with
// DATABASE_URL, a PostgreSQL server through pg_dump/pg_restore.
import { join } from 'node:path';
import { backupEmbedded, backupServer, restoreEmbedded, restoreServer } from './backup';

// Whatever this writes (backups, a restored database) is readable by this user only.
process.umask(0o077);
const [command, fileArg] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? './data';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

async function main() {
  if (command === 'backup') {
    const file = fileArg ?? join('backups', `meucardapio-${stamp}.${url ? 'dump' : 'tar.gz'}`);
    if (url) backupServer(url, file);
    else await backupEmbedded(dataDir, file);
    console.log(`Backup salvo em ${file}`);
    return;
  }
  if (command === 'restore' && fileArg) {
    if (url) restoreServer(url, fileArg);
    else {
      const kept = await restoreEmbedded(dataDir, fileArg);
      if (kept) console.log(`O banco anterior foi guardado em ${kept}`);
    }
    console.log(`Banco restaurado de ${fileArg}`);
    return;
  }
  console.error('Uso: npm run db:backup [ARQUIVO]   |   npm run db:restore ARQUIVO');
  process.exitCode = 2;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
