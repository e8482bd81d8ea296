import { commissionStatementSchema, setCommissionRateSchema } from '@bima/domain';
import { z } from 'zod';
import { defineAction } from '../../gateway/registry';
import { getStatement, listRates, setRate } from './service';

/** Intermediaries' commission per insurance class, capped per class. */
export const commissionActions = [
  defineAction({
    service: 'admin',
    resource: 'commission',
    action: 'listRates',
    auth: 'staff',
    roles: ['admin'],
    description: 'Commission rates and caps by class, in basis points (1000 = 10 %).',
    input: z.object({}),
    handler: ({ db }) => listRates(db),
  }),
  defineAction({
    service: 'admin',
    resource: 'commission',
    action: 'setRate',
    auth: 'staff',
    roles: ['admin'],
    description: `Sets a class's rate (basis points); 400 'The commission rate cannot exceed the cap of X% for this class.' above the cap, 404 for a class with no rate.`,
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
      'A commission statement, newest first (an intermediary: its own firm; an admin: firmId, or every firm), between two Kenyan days (both included), with its totals. premium = the invoice less levies; commission = premium × rate, rounded half up once to the cent.',
    input: commissionStatementSchema,
    handler: ({ db, principal, input }) => getStatement(db, principal!, input),
  }),
];
