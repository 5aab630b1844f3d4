import { Check, Copy } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

/** A QR image (a PIX BR Code, an NFC-e's SEFAZ address) as a data URL, generated in the browser (never by an outside service). */
export function useQrImage(code: string | null, size = 240): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    if (!code) return;
    QRCode.toDataURL(code, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [code, size]);
  return src;
}

/** PIX QR of the exact amount plus the "copia e cola" text with a copy button. */
export function PixQr({ code, caption, className }: { code: string; caption: string; className?: string }) {
  const src = useQrImage(code);
  const [copied, setCopied] = useState(false);
  const inputId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success('Código PIX copiado');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Não foi possível copiar', { description: 'Selecione o código e copie manualmente.' });
    }
  }

  return (
    <div className={cn('grid justify-items-center gap-3 rounded-lg border bg-white p-3 text-center', className)}>
      {src ? (
        <img src={src} alt={`QR Code ${caption}`} width={200} height={200} className="size-50" />
      ) : (
        <Skeleton className="size-50" />
      )}
      <p className="text-sm font-medium text-black">{caption}</p>
      <div className="flex w-full items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          PIX copia e cola
        </label>
        <input
          id={inputId}
          readOnly
          value={code}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border bg-muted px-2 font-mono text-xs text-foreground"
        />
        <Button type="button" size="sm" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </div>
    </div>
  );
}
