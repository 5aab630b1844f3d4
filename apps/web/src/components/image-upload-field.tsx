import { ImageIcon, LoaderCircle, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, toastError } from '@/lib/api';
import { cn } from '@/lib/utils';

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Uploads an image to POST /api/admin/files and resolves with its URL. */
export async function uploadImage(file: File): Promise<string> {
  if (file.size > MAX_BYTES) {
    throw new ApiError({
      code: 'file_too_large',
      title: 'Arquivo muito grande',
      description: 'Envie imagens de até 5 MB.',
      status: 413,
    });
  }
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch('/api/admin/files', { method: 'POST', body: form, credentials: 'same-origin' });
  const data = (await res.json().catch(() => null)) as {
    url?: string;
    error?: { code: string; title: string; description?: string };
  } | null;
  if (!res.ok || !data?.url) {
    throw new ApiError({
      code: data?.error?.code ?? 'upload_failed',
      title: data?.error?.title ?? 'Erro ao enviar imagem',
      description: data?.error?.description,
      status: res.status,
    });
  }
  return data.url;
}

/**
 * An image chosen by upload (PNG, JPEG, WebP or GIF up to 5 MB) or by pasting its URL, with a
 * preview. `value` is the URL ('' for none).
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  aspect = 'square',
  className,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  aspect?: 'square' | 'wide';
  className?: string;
}) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (err) {
      toastError(err, 'Erro ao enviar imagem');
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={`${id}-url`}>{label}</Label>
      <div className="flex items-start gap-3">
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground',
            aspect === 'wide' ? 'h-16 w-28' : 'size-16',
          )}
        >
          {value ? (
            <img src={value} alt="" className="size-full object-cover" width={112} height={64} />
          ) : (
            <ImageIcon className="size-6" aria-hidden />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={busy}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
              {busy ? 'Enviando...' : 'Enviar imagem'}
            </Button>
            {value && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
                <X aria-hidden />
                Remover
              </Button>
            )}
          </div>
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={`Arquivo: ${label}`}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Input
            id={`${id}-url`}
            placeholder="ou cole o endereço (https://...)"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            inputMode="url"
          />
        </div>
      </div>
    </div>
  );
}
