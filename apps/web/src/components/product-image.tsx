import { imageSrcSet } from '@meucardapio/domain/image-variants';
import { UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { directImageUrl } from '@/lib/menu-choice';
import { cn } from '@/lib/utils';

/**
 * A product photo in a box of fixed size (set by the caller), lazy-loaded, so nothing jumps when it
 * arrives; a neutral placeholder when there is no image or it fails to load.
 */
export function ProductImage({
  src,
  alt,
  className,
  eager = false,
  iconClassName,
  sizes = '(min-width: 768px) 400px, 96px',
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
  iconClassName?: string;
  /** How wide the box is shown, for the browser to pick from the photo's widths. */
  sizes?: string;
}) {
  const url = directImageUrl(src);
  const [failed, setFailed] = useState(false);
  return (
    <div className={cn('relative shrink-0 overflow-hidden bg-muted', className)}>
      {url && !failed ? (
        <img
          src={url}
          srcSet={imageSrcSet(url)}
          sizes={sizes}
          // The box sets the size; these give the browser the shape before the photo arrives.
          width={400}
          height={400}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 flex items-center justify-center text-muted-foreground/50" aria-hidden>
          <UtensilsCrossed className={cn('size-8', iconClassName)} />
        </div>
      )}
    </div>
  );
}
