import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { deleteDraft, getDraft, saveDraft } from './service';

/**
 * The signed-in client's journey drafts (issue 14): the latest quote journey per product line, so
 * it opens again in a new tab or on another device. Each client reads and writes only their own
 * (the caller's id is the key; no draft is named by id).
 */
export const journeyDraftActions = [
  defineAction({
    service: 'client',
    resource: 'journeyDraft',
    action: 'saveDraft',
    auth: 'client',
    description:
      'Keeps the caller’s latest journey of a product line, each line’s state checked by its own schema: {productLine: "motor-private", state: {v:1, step, cls, cover, value (KES), product?, period? (days), start?, benefits?:[{ref, limit?}], limits?, excesses?, compare?}} | {productLine: "motor-commercial", state: {v:1, step: coverType|valuation|quote|vehicle, cover, valuation?: {vehicleValue, vehicleType, tonnageCapacity, usageDetails}, product?}} | {productLine: "fire-domestic"|"theft"|"aviation", state: {v:1, step: risk|quotes|benefits, risk? (the class’s risk), product?, optional?: [ref]}} → {productLine, updatedAt}. 400 for an unknown line, a state its line’s schema refuses, or one larger than 8 KB.',
    input: contracts['client/journeyDraft/saveDraft'].input,
    handler: ({ db, principal, input }) => saveDraft(db, principal!.userId, input),
  }),
  defineAction({
    service: 'client',
    resource: 'journeyDraft',
    action: 'getDraft',
    auth: 'client',
    rateLimit: 'read',
    description:
      'The caller’s draft of a product line, or null. A stored state the schema no longer accepts answers null.',
    input: contracts['client/journeyDraft/getDraft'].input,
    handler: ({ db, principal, input }) => getDraft(db, principal!.userId, input.productLine),
  }),
  defineAction({
    service: 'client',
    resource: 'journeyDraft',
    action: 'deleteDraft',
    auth: 'client',
    description: 'Forgets the caller’s draft of a product line ("Start a new quote").',
    input: contracts['client/journeyDraft/deleteDraft'].input,
    handler: ({ db, principal, input }) => deleteDraft(db, principal!.userId, input.productLine),
  }),
];
