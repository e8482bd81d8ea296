import { VEHICLE_SEARCH_MESSAGES } from '@bima/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REGISTER } from '../src/dmvic/sample-register';
import { buildTestApp, type TestContext } from './helpers';

/** `underwriting/vehicle/searchVehicle` through the gateway, against the in-process DMVIC simulator. */
let ctx: TestContext;
beforeAll(async () => {
  // A DMVIC timeout short enough for the timeout plate, long enough for a loaded machine's answers.
  ctx = await buildTestApp({ seed: false, env: { DMVIC_TIMEOUT_MS: '2000' } });
});
afterAll(() => ctx.app.close());

let address = 0;
/** Each test its own IP unless told, so the per-IP limit is only met where it is tested. */
const search = (data: unknown, remoteAddress = `10.20.0.${++address}`, language?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v2/api/v1',
    remoteAddress,
    headers: language ? { 'accept-language': language } : {},
    payload: {
      service: { name: 'underwriting', version: 'v1' },
      resource: { name: 'vehicle', version: 'v1' },
      action: { name: 'searchVehicle', version: 'v1' },
      data,
    },
  });

describe('underwriting/vehicle/searchVehicle', () => {
  it('answers a sample plate with its record as typed (case and spaces do not matter), without the owner', async () => {
    const response = await search({ registrationNumber: ' kdj 501a ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result.data).toEqual({
      found: true,
      vehicle: {
        registrationNumber: 'KDJ501A',
        make: 'TOYOTA',
        model: 'FIELDER',
        yearOfManufacture: 2015,
        chassisNumber: 'NZE161-7012345',
        engineNumber: '1NZ-A512345',
        bodyType: 'STATION WAGON',
        vehicleClass: 'private',
        engineCapacity: 1500,
        fuelType: 'Petrol',
        colour: 'SILVER',
      },
    });
    const owner = SAMPLE_REGISTER.find((vehicle) => vehicle.registrationNumber === 'KDJ501A')!.ownerName;
    expect(response.body).not.toContain(owner);
    expect(response.body.toLowerCase()).not.toContain('owner');
  });

  it('tells the class from the register: a matatu is psv, a lorry commercial, a KMxx plate a motor cycle', async () => {
    const classOf = async (plate: string) =>
      (await search({ registrationNumber: plate })).json().result.data.vehicle.vehicleClass;
    expect(await classOf('KCT 880M')).toBe('psv');
    expect(await classOf('KBZ 409D')).toBe('commercial');
    expect(await classOf('KMEA 201A')).toBe('motorcycle');
  });

  it('answers any other well-formed plate with generated details, the same each time', async () => {
    const first = (await search({ registrationNumber: 'KDA 123B' })).json().result.data;
    expect(first.found).toBe(true);
    expect(first.vehicle.registrationNumber).toBe('KDA123B');
    expect(first.vehicle.make).not.toBe('');
    expect((await search({ registrationNumber: 'kda123b' })).json().result.data).toEqual(first);
  });

  it('answers found: false for a plate not in NTSA records', async () => {
    const response = await search({ registrationNumber: 'KDV 002X' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ found: false });
  });

  it('refuses a malformed plate with 400 and the message, in English and Kiswahili', async () => {
    const response = await search({ registrationNumber: 'HELLO' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: false,
      err_msg: VEHICLE_SEARCH_MESSAGES.plateInvalid,
      errors: [{ field: 'registrationNumber', message: VEHICLE_SEARCH_MESSAGES.plateInvalid }],
    });
    const empty = await search({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().err_msg).toBe(VEHICLE_SEARCH_MESSAGES.plateRequired);
    const swahili = await search({ registrationNumber: 'HELLO' }, undefined, 'sw');
    expect(swahili.json().err_msg).toBe('Weka nambari ya usajili kama KDA 123A (pikipiki: KMDA 123A).');
  });

  it('DMVIC down, timing out or failing is a 503 the screen can show, never found: false nor a 500', async () => {
    const simulator = ctx.app.services.dmvic.simulator!;
    simulator.goDown();
    try {
      const down = await search({ registrationNumber: 'KDJ 501A' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: false,
        err_code: 'VEHICLE_SEARCH_UNAVAILABLE',
        err_msg: VEHICLE_SEARCH_MESSAGES.unavailable,
      });
      expect(down.headers['retry-after']).toBe('30');
      const swahili = await search({ registrationNumber: 'KDJ 501A' }, undefined, 'sw');
      expect(swahili.json().err_msg).toBe(
        'Hatukuweza kutafuta nambari ya usajili sasa hivi; weka maelezo ya gari wewe mwenyewe.',
      );
    } finally {
      simulator.goUp();
    }
    for (const plate of ['KDV 007X', 'KDV 008X', 'KDV 006X']) {
      const response = await search({ registrationNumber: plate });
      expect([plate, response.statusCode, response.json().err_code]).toEqual([
        plate,
        503,
        'VEHICLE_SEARCH_UNAVAILABLE',
      ]);
    }
    expect((await search({ registrationNumber: 'KDJ 501A' })).statusCode).toBe(200);
  });

  it('refuses the 31st search in ten minutes from one IP with 429; malformed ones count; other IPs go on', async () => {
    for (let index = 0; index < 30; index += 1) {
      const response = await search(
        { registrationNumber: index % 2 === 0 ? 'KDJ 501A' : 'nope' },
        '10.30.0.1',
      );
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await search({ registrationNumber: 'KDJ 501A' }, '10.30.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: false,
      err_msg: expect.stringMatching(/^Too many attempts/),
    });
    expect((await search({ registrationNumber: 'KDJ 501A' }, '10.30.0.2')).statusCode).toBe(200);
  });
});
