import { contracts } from '@bima/domain/contract';
import { defineAction } from '../../gateway/registry';
import { setupStandingOrder, stopStandingOrder } from './service';

/** The client's M-Pesa Ratiba standing order of a monthly policy (issue 31). */
export const monthlyActions = [
  defineAction({
    service: 'client',
    resource: 'policy',
    action: 'setupStandingOrder',
    auth: 'client',
    description:
      'Asks M-Pesa for a Ratiba standing order paying the monthly policy’s later months from the phone given (pending until approved on the phone). 409 when the policy is not monthly, is cancelled, is fully paid or already has a live order; another client’s policy is 404.',
    input: contracts['client/policy/setupStandingOrder'].input,
    handler: (context) =>
      setupStandingOrder(
        { db: context.db, services: context.services, log: context.log, principal: context.principal! },
        context.input,
      ),
  }),
  defineAction({
    service: 'client',
    resource: 'policy',
    action: 'stopStandingOrder',
    auth: 'client',
    description:
      'Stops the monthly policy’s standing order here (cancelled by the client); the client also ends it in the M-Pesa menu (Ratiba). 409 when there is none; another client’s policy is 404.',
    input: contracts['client/policy/stopStandingOrder'].input,
    handler: (context) => stopStandingOrder({ db: context.db, principal: context.principal! }, context.input),
  }),
];
