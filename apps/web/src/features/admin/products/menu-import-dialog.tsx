import { MENU_IMPORT_MAX_BYTES, MENU_IMPORT_TEMPLATE_CSV, type MenuImportLine } from '@meucardapio/domain/menu-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Download, FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api, toastError } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { formatMoney } from '@/lib/format';
import { CATEGORIES_KEY, PRODUCTS_KEY } from './products-api';

type Preview = {
  lines: MenuImportLine[];
  categories: { name: string; isNew: boolean }[];
  valid: number;
  invalid: number;
};
type ImportFile = { fileName: string; content: string };

/** The file's bytes as base64, for the JSON body the API takes. */
async function readFile(file: File): Promise<ImportFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { fileName: file.name, content: btoa(binary) };
}

/** The template as a CSV Excel opens with its accents (a UTF-8 byte-order mark first). */
function downloadTemplate() {
  saveBlob(new Blob(['\uFEFF', MENU_IMPORT_TEMPLATE_CSV], { type: 'text/csv;charset=utf-8' }), 'modelo-cardapio.csv');
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Importar planilha: choose a CSV or XLSX, see every line as it would be imported (with what is wrong
 * on each one), and only "Importar" writes — all of it or nothing.
 */
export function MenuImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);

  const check = useMutation({
    mutationFn: (f: ImportFile) => api.post<Preview>('/api/admin/products/import/preview', f),
    onSuccess: setPreview,
    onError: (err) => {
      setPreview(null);
      toastError(err, 'Erro ao ler a planilha');
    },
  });
  const run = useMutation({
    mutationFn: (f: ImportFile) => api.post<{ products: number; categories: number }>('/api/admin/products/import', f),
    onSuccess: (r) => {
      toast.success('Cardápio importado!', {
        description: `${plural(r.products, 'produto', 'produtos')} e ${plural(r.categories, 'categoria nova', 'categorias novas')}.`,
      });
      for (const queryKey of [PRODUCTS_KEY, CATEGORIES_KEY, ['admin', 'setup-checklist']])
        void queryClient.invalidateQueries({ queryKey });
      close();
    },
    onError: (err) => toastError(err, 'Erro ao importar'),
  });

  function close() {
    setFile(null);
    setPreview(null);
    onClose();
  }

  async function choose(chosen: File | undefined) {
    setPreview(null);
    if (!chosen) return setFile(null);
    if (chosen.size > MENU_IMPORT_MAX_BYTES) {
      setFile(null);
      toast.error('Arquivo muito grande', { description: 'O arquivo passa de 1 MB: divida-o em arquivos menores.' });
      return;
    }
    const read = await readFile(chosen);
    setFile(read);
    check.mutate(read);
  }

  const newCategories = preview?.categories.filter((c) => c.isNew) ?? [];

  return (
    <Dialog open={open} onOpenChange={(v) => !v && !run.isPending && close()}>
      <DialogContent className="max-w-4xl gap-4">
        <DialogHeader>
          <DialogTitle>Importar planilha</DialogTitle>
          <DialogDescription>
            Categorias e produtos de um arquivo CSV ou Excel (.xlsx) com as colunas Nome, Descrição, Preço, Categoria e
            Tamanhos. Nada é gravado até você confirmar.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-3 sm:flex sm:items-end">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor={inputId}>Arquivo (CSV ou XLSX, até 1 MB)</Label>
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="block w-full min-w-0 rounded-md border bg-background text-sm file:mr-3 file:h-10 file:border-0 file:border-r file:bg-muted file:px-3 file:text-sm file:font-medium"
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </div>
          <Button type="button" variant="outline" onClick={downloadTemplate}>
            <Download aria-hidden /> Baixar modelo
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Preço como 45,90. Tamanhos como "Broto=0 | Grande=20,00" (o valor é o acréscimo). Categorias que não existem
          são criadas.
        </p>

        {check.isPending && <p className="text-sm text-muted-foreground">Lendo a planilha…</p>}

        {preview && (
          <section aria-label="Prévia da importação" className="grid min-h-0 gap-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="success">
                <CircleCheck aria-hidden /> {plural(preview.valid, 'pronto', 'prontos')}
              </Badge>
              {preview.invalid > 0 && (
                <Badge variant="destructive">
                  <CircleAlert aria-hidden /> {plural(preview.invalid, 'com erro', 'com erro')}
                </Badge>
              )}
              {newCategories.length > 0 && (
                <span className="text-muted-foreground">
                  Categorias novas: {newCategories.map((c) => c.name).join(', ')}
                </span>
              )}
            </div>
            <div className="max-h-[45vh] overflow-auto rounded-lg border">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-14">Linha</TableHead>
                    <TableHead>Produto</TableHead>
                    <TableHead>Categoria</TableHead>
                    <TableHead>Preço</TableHead>
                    <TableHead>Situação</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {preview.lines.map((l) => (
                    <TableRow key={l.line} className={l.errors.length > 0 ? 'bg-destructive/5' : undefined}>
                      <TableCell label="Linha" className="tabular-nums">
                        {l.line}
                      </TableCell>
                      <TableCell label="Produto" className="unstacked:whitespace-normal">
                        <span className="grid">
                          <span className="font-medium">{l.name || '—'}</span>
                          {l.sizes.length > 0 && (
                            <span className="text-xs text-muted-foreground">
                              {l.sizes.map((s) => s.name).join(' · ')}
                            </span>
                          )}
                        </span>
                      </TableCell>
                      <TableCell label="Categoria">{l.category ?? 'Sem categoria'}</TableCell>
                      <TableCell label="Preço" className="tabular-nums">
                        {l.price !== null && l.price > 0 ? formatMoney(l.price) : '—'}
                      </TableCell>
                      <TableCell label="Situação" className="unstacked:whitespace-normal">
                        {l.errors.length === 0 ? (
                          <span className="inline-flex items-center gap-1 text-success">
                            <CircleCheck className="size-4" aria-hidden /> Pronto
                          </span>
                        ) : (
                          <ul className="grid gap-0.5 text-destructive">
                            {l.errors.map((e) => (
                              <li key={e}>{e}</li>
                            ))}
                          </ul>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {preview.invalid > 0 && (
              <p className="text-sm text-destructive" role="alert">
                Corrija as linhas com erro na planilha e escolha o arquivo de novo: nada é importado enquanto houver
                erros.
              </p>
            )}
          </section>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={run.isPending}>
            Cancelar
          </Button>
          <Button
            type="button"
            disabled={!file || !preview || preview.invalid > 0 || preview.valid === 0}
            loading={run.isPending}
            onClick={() => file && run.mutate(file)}
          >
            <FileSpreadsheet aria-hidden />
            {preview && preview.invalid === 0 ? `Importar ${plural(preview.valid, 'produto', 'produtos')}` : 'Importar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
