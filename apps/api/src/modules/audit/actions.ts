import { listAuditLogSchema } from '@bima/domain';
import { defineAction } from '../../gateway/registry';
import { listAuditLog } from './service';

export const auditActions = [
  defineAction({
    service: 'admin',
    resource: 'audit',
    action: 'listAuditLog',
    auth: 'staff',
    roles: ['admin'],
    description:
      "Every decision that changes money, cover or access, newest first, in the reader's language (Accept-Language): {page, pageSize, action?, entityType?} → {items:[{id, at, actor:{userId, email, name, role}, summary (a sentence), changes:[{what, before|null, after|null}], action, entityType, entityId, details}], total, page, pageSize}.",
    input: listAuditLogSchema,
    handler: ({ db, input, language }) => listAuditLog(db, input, language),
  }),
];
