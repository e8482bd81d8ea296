import { vehicleSearchSchema } from '@bima/domain';
import type { ActionInput } from '@bima/domain/contract';
import { z } from 'zod';
import { AUTH_RATE_RULES } from '../../auth/rate-limiter';
import { fromZodError } from '../../gateway/errors';
import { defineAction } from '../../gateway/registry';
import { searchVehicle } from './service';

/**
 * The public plate search. Anyone starting a quote may ask, so each IP has its own limit on the
 * shared counters (AUTH_RATE_RULES.vehicleSearchPerIp), counted before the input is read: the
 * register cannot be swept plate by plate.
 */
export const vehicleActions = [
  defineAction({
    service: 'underwriting',
    resource: 'vehicle',
    action: 'searchVehicle',
    auth: 'public',
    description:
      'Quotes from the number plate: the register’s record of a vehicle (DMVIC VehicleSearch) — make, model, year, body, chassis and engine numbers, engine capacity, fuel, colour and the class — never the owner; `found: false` for a plate the register does not know. 503 (VEHICLE_SEARCH_UNAVAILABLE) when DMVIC does not answer. Strict limit per IP.',
    // Validated inside, after the limit is counted, so malformed calls count too.
    input: z.unknown() as z.ZodType<unknown, ActionInput<'underwriting/vehicle/searchVehicle'>>,
    handler: async ({ services, input, ip, log }) => {
      await services.limiter.hit(AUTH_RATE_RULES.vehicleSearchPerIp, [`vehicle-search:ip:${ip}`]);
      const parsed = vehicleSearchSchema.safeParse(input ?? {});
      if (!parsed.success) throw fromZodError(parsed.error);
      return searchVehicle({ dmvic: services.dmvic.client, log }, parsed.data);
    },
  }),
];
