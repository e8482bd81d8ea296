import { CHAT_FILE_CATEGORY } from '@bima/domain';
import { sql } from 'drizzle-orm';
import { chatMessageFiles, files } from '../../db/schema';
import type { FileOwnerPolicy } from '../files/service';
import { isAttached, reachesConversation } from './service';

/**
 * A chat's files (owner id: the conversation). Either side uploads to a conversation it reaches; a
 * file is then sent with a message (`sendMessage` names it; it is attached once). Reading: a sent
 * file by every participant (the client; the firm's staff, or support's admins), an unsent one by
 * its uploader alone; anyone else gets 404. One never sent is deleted by the orphan sweep.
 */
export const chatFileOwner: FileOwnerPolicy = {
  categories: [CHAT_FILE_CATEGORY],
  canWrite: (db, principal, ownerId) => reachesConversation(db, principal, ownerId),
  canRead: async (db, principal, ownerId, file) => {
    if (!file || !(await reachesConversation(db, principal, ownerId))) return false;
    return file.uploadedBy === principal.userId || isAttached(db, file.id, Number(ownerId));
  },
  unattached: () =>
    sql`not exists (select 1 from ${chatMessageFiles} where ${chatMessageFiles.fileId} = ${files.id})`,
};
