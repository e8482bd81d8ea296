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
      "Every decision that changes money, cover or access, newest first, in the reader's language (Accept-Language), by action or kind of record: who, a sentence, and the values before and after.",
    input: listAuditLogSchema,
    handler: ({ db, input, language }) => listAuditLog(db, input, language),
  }),
];
