/**
 * The order quotes are shown in (issue 14): cheapest first, a product without a price last, ties by
 * product name, so the grid reads the same on every visit. The web's quote grid and the USSD quote
 * (issue 32: "the three cheapest") both use it, so they name the same products.
 */
export function sortByPremium<T extends { premium?: number | null; productName: string }>(
  products: readonly T[],
): T[] {
  const price = (product: T) => product.premium ?? Number.POSITIVE_INFINITY;
  return [...products].sort((a, b) => price(a) - price(b) || a.productName.localeCompare(b.productName));
}
