import type { Advertisement } from '@bima/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { advertisements } from '../../db/schema';

/** Active advertisements in display order. */
export async function listActiveAdvertisements(db: Database): Promise<Advertisement[]> {
  return db
    .select({
      id: advertisements.id,
      title: advertisements.title,
      body: advertisements.body,
      image: advertisements.image,
      link: advertisements.link,
    })
    .from(advertisements)
    .where(eq(advertisements.active, true))
    .orderBy(asc(advertisements.sortOrder), asc(advertisements.id));
}
