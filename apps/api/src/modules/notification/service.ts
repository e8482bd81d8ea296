import type { NotificationKind } from '@bima/domain';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** One line, e.g. "Claim CLM-… approved". */
  title: string;
  /** A sentence or two of what happened and what to do next. */
  body: string;
  /** The web path of the thing it is about. */
  link?: string | null;
}

/**
 * Tells a user something happened: an in-app notification row, written in the caller's
 * transaction when it passes one (so a change is never kept without its notification).
 */
export async function notify(executor: Database | Tx, input: NotificationInput): Promise<void> {
  await executor.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link ?? null,
  });
}
