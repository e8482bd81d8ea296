import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { insuranceProducts, intermediaries, quotations, underwriters } from '../../db/schema';
import type { Logo } from '../../lib/pdf/layout';
import type { DocumentBrand } from './documents';
import type { PolicyView } from './service';

/** The web app's public folder: the logos' paths (`/images/underwriters/apa.svg`) are served from it. */
const WEB_PUBLIC = new URL('../../../../web/public/', import.meta.url);
/** The generic shield the web shows for an underwriter without a logo: the documents draw a wordmark instead. */
const DEFAULT_LOGO = '/images/underwriters/default.svg';
const LOGO_PATH = /^\/images\/[a-z0-9-]+\/[a-z0-9._-]+\.(svg|png|jpe?g)$/;

const logoCache = new Map<string, Promise<Logo>>();

/** The logo at a web path as the documents draw it; null (a wordmark) when it is missing or unreadable. */
export function logoAt(path: string | null | undefined): Promise<Logo> {
  if (!path || path === DEFAULT_LOGO || !LOGO_PATH.test(path) || path.includes('..')) {
    return Promise.resolve(null);
  }
  let logo = logoCache.get(path);
  if (!logo) {
    logo = readFile(new URL(`.${path}`, WEB_PUBLIC))
      .then((bytes): Logo => (path.endsWith('.svg') ? { svg: bytes.toString('utf8') } : { image: bytes }))
      .catch(() => null);
    logoCache.set(path, logo);
  }
  return logo;
}

/** The underwriter's logo (through the quoted product) and the intermediary firm's details for a policy's documents. */
export async function loadDocumentBrand(db: Database, policy: PolicyView): Promise<DocumentBrand> {
  const [underwriter] = await db
    .select({ logo: underwriters.logo })
    .from(quotations)
    .innerJoin(insuranceProducts, eq(insuranceProducts.id, quotations.productId))
    .innerJoin(underwriters, eq(underwriters.id, insuranceProducts.underwriterId))
    .where(eq(quotations.systemQuotationRef, policy.systemQuotationRef));
  const [firm] = policy.intermediary
    ? await db
        .select({
          name: intermediaries.intermediaryNames,
          category: intermediaries.category,
          iraLicenceNumber: intermediaries.iraLicenceNumber,
        })
        .from(intermediaries)
        .where(eq(intermediaries.id, policy.intermediary.id))
    : [];
  return { underwriterLogo: await logoAt(underwriter?.logo), intermediary: firm ?? null };
}
