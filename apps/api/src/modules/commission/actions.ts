import { commissionStatementSchema, setCommissionRateSchema } from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { getStatement, listRates, setRate } from './service';

const RATE = "{classCode, className, rateBps, capBps, rate ('10%'), cap, isSampleData, updatedAt}";

/** Intermediaries' commission per insurance class, capped per class. */
export const commissionActions = [
  defineAction({
    service: 'admin',
    resource: 'commission',
    action: 'listRates',
    auth: 'staff',
    roles: ['admin'],
    description: `Commission rates by class: {} → {items:[${RATE}], disclaimer}. Basis points: 1000 = 10 %.`,
    input: z.object({}),
    handler: ({ db }) => listRates(db),
  }),
  defineAction({
    service: 'admin',
    resource: 'commission',
    action: 'setRate',
    auth: 'staff',
    roles: ['admin'],
    description: `Sets a class's rate: {classCode, rateBps} → ${RATE}; 400 'The commission rate cannot exceed the cap of X% for this class.' above the cap, 404 for a class with no rate.`,
    input: setCommissionRateSchema,
    handler: ({ db, principal, input }) => setRate(db, principal!, input),
  }),
  defineAction({
    service: 'intermediary',
    resource: 'commission',
    action: 'getStatement',
    auth: 'staff',
    roles: ['intermediary', 'admin'],
    description:
      "A commission statement, newest first (an intermediary: its own firm; an admin: firmId, or every firm): {from?, to? (YYYY-MM-DD, Kenya, both included), page, pageSize, firmId? (admin)} → {items:[{policyNumber, client:{names, email}, productName, classCode, className, premium, premiumCents, rateBps, rate ('10%'), commission, commissionCents, date, intermediary:{id, intermediaryNames}}], totals:{count, premium, premiumCents, commission, commissionCents}, total, page, pageSize, firmId}. premium = the invoice less levies; commission = premium × rate, rounded half up once to the cent.",
    input: commissionStatementSchema,
    handler: ({ db, principal, input }) => getStatement(db, principal!, input),
  }),
];
