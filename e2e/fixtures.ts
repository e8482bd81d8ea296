import type { APIRequestContext, Page } from '@playwright/test';

export interface CatalogueEntry {
  id: number;
  name: string;
  category: 'individual' | 'business';
  available: boolean;
  comingSoon: boolean;
  routeName: string;
}

function envelope(service: string, resource: string, action: string) {
  return {
    service: { name: service, version: 'v1' },
    resource: { name: resource, version: 'v1' },
    action: { name: action, version: 'v1' },
    data: {},
  };
}

/** The catalogue as the API serves it, so the journeys never hard-code counts. */
export async function fetchCatalogue(request: APIRequestContext): Promise<CatalogueEntry[]> {
  const response = await request.post('/v2/api/v1', {
    data: envelope('underwriting', 'catalogue', 'listProducts'),
  });
  const body = (await response.json()) as { result: { data: CatalogueEntry[] } };
  return body.result.data;
}

export async function fetchSupportContacts(
  request: APIRequestContext,
): Promise<{ phone: string; email: string; address: string }> {
  const response = await request.post('/v2/api/v1', {
    data: envelope('platform', 'support', 'getSupportContacts'),
  });
  const body = (await response.json()) as {
    result: { data: { phone: string; email: string; address: string } };
  };
  return body.result.data;
}

/** Names a category card lists: available first, then coming-soon ones, at most three. */
export function featuredNames(products: CatalogueEntry[]): string[] {
  const available = products.filter((product) => product.available).map((product) => product.name);
  const comingSoon = products
    .filter((product) => !product.available && product.comingSoon)
    .map((product) => `${product.name} (Coming Soon)`);
  return [...available, ...comingSoon].slice(0, 3);
}

/** The category cards are buttons named after the category. */
export function categoryCard(page: Page, label: 'Individual' | 'Business') {
  return page.getByRole('button', { name: label, exact: true });
}

/** A product card is an article named after the product. */
export function productCard(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

/** Chooses a category and waits for the product step. */
export async function chooseCategory(page: Page, label: 'Individual' | 'Business') {
  await categoryCard(page, label).click();
  await page.getByRole('heading', { name: 'Excellent Choice!' }).waitFor();
}
