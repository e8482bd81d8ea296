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
      'Every staff change, newest first: {page, pageSize, action?, entityType?} → {items:[{id, at, actor:{userId, email, role}, action, entityType, entityId, details}], total, page, pageSize}.',
    input: listAuditLogSchema,
    handler: ({ db, input }) => listAuditLog(db, input),
  }),
];
