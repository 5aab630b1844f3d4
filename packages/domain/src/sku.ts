export const FIRST_SKU = '001';

/**
 * The next auto-generated SKU: '001' when no SKU has a number yet; otherwise the SKU with the highest
 * numeric part, that number plus one, zero-padded to the same width ('007' → '008', '099' → '100',
 * '999' → '1000'). A SKU with letters keeps them around its last run of digits ('P-009' → 'P-010'),
 * so a restaurant's own scheme survives. The highest is compared by number, not text, because '10'
 * sorts before '9' as text.
 */
export function nextSku(existing: Iterable<string | null | undefined>): string {
  let best: { sku: string; value: bigint; start: number; digits: string } | null = null;
  for (const sku of existing) {
    if (!sku) continue;
    const match = /(\d+)(?!.*\d)/.exec(sku);
    if (!match) continue;
    // BigInt: barcodes pasted as SKUs can exceed Number's safe integers.
    const value = BigInt(match[1]);
    if (!best || value > best.value) best = { sku, value, start: match.index, digits: match[1] };
  }
  if (!best) return FIRST_SKU;
  const next = (best.value + 1n).toString().padStart(best.digits.length, '0');
  return best.sku.slice(0, best.start) + next + best.sku.slice(best.start + best.digits.length);
}

/** Suffix added to a cloned product's name. */
export const CLONE_SUFFIX = 'Cópia';

/**
 * The fields a cloned product gets: name with the ' Cópia' suffix, stock 0, barcode cleared and a new
 * SKU; everything else is copied by the caller.
 */
export function cloneOverrides(
  product: { name: string },
  existingSkus: Iterable<string | null | undefined>,
): { name: string; estoque: number; codigoBarras: null; sku: string } {
  return { name: `${product.name} ${CLONE_SUFFIX}`, estoque: 0, codigoBarras: null, sku: nextSku(existingSkus) };
}
