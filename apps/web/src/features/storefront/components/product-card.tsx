import { Plus } from 'lucide-react';
import { memo } from 'react';
import { PriceTag } from '@/components/price-tag';
import { ProductImage } from '@/components/product-image';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { MenuProduct } from '../menu-types';

/**
 * One product: under 768 px a list row (text left, square photo right); from 768 px a grid card
 * (photo on top). Same markup, responsive classes, so no JavaScript decides the layout.
 */
export const ProductCard = memo(function ProductCard({
  product,
  isOpen,
  onOpen,
  onAdd,
  eagerImage,
}: {
  product: MenuProduct;
  isOpen: boolean;
  onOpen: (product: MenuProduct) => void;
  onAdd: (product: MenuProduct) => void;
  eagerImage?: boolean;
}) {
  const outOfStock = product.controleEstoque && product.estoque <= 0;
  return (
    <article
      className="group relative flex flex-row gap-3 rounded-xl border bg-card p-3 shadow-xs transition-shadow hover:shadow-md md:flex-col md:gap-0 md:p-0"
      aria-label={product.name}
    >
      <button
        type="button"
        onClick={() => onOpen(product)}
        className="absolute inset-0 z-0 rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        aria-label={`Ver detalhes de ${product.name}`}
      />
      <ProductImage
        src={product.imageUrl}
        alt={product.name}
        eager={eagerImage}
        className="order-last size-24 rounded-lg md:order-first md:aspect-[3/2] md:size-auto md:w-full md:rounded-none md:rounded-t-xl"
      />
      <div className="pointer-events-none relative z-10 flex min-w-0 flex-1 flex-col gap-1 md:p-4">
        <h3 className="line-clamp-2 leading-snug font-semibold">{product.name}</h3>
        {product.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{product.description}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
          <PriceTag
            price={product.price}
            compareAtPrice={product.compareAtPrice}
            variations={product.variations}
            stacked
          />
          <Button
            size="sm"
            variant="brand"
            className={cn('pointer-events-auto h-9 min-w-24', !isOpen && 'cursor-not-allowed opacity-50')}
            aria-disabled={!isOpen || outOfStock || undefined}
            onClick={(e) => {
              e.stopPropagation();
              onAdd(product);
            }}
          >
            <Plus aria-hidden />
            {outOfStock ? 'Esgotado' : 'Adicionar'}
          </Button>
        </div>
      </div>
    </article>
  );
});

/** A loading placeholder in the exact shape of a product card. */
export function ProductCardSkeleton() {
  return (
    <div className="flex flex-row gap-3 rounded-xl border bg-card p-3 md:flex-col md:gap-0 md:p-0">
      <Skeleton className="order-last size-24 shrink-0 rounded-lg md:order-first md:aspect-[3/2] md:size-auto md:w-full md:rounded-none md:rounded-t-xl" />
      <div className="flex flex-1 flex-col gap-2 md:p-4">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
        <div className="mt-auto flex items-end justify-between pt-2">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-9 w-24" />
        </div>
      </div>
    </div>
  );
}
