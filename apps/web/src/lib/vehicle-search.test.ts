import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { describeSearchFailure, journeyOfVehicle, searchVehicle, spacedPlate } from './vehicle-search';

afterEach(() => {
  vi.unstubAllGlobals();
});

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('the journey of a found vehicle', () => {
  it.each([
    ['private', 'private'],
    ['commercial', 'commercial'],
    ['psv', 'commercial'],
    ['motorcycle', null],
  ] as const)('a %s vehicle is sold on the %s journey', (vehicleClass, journey) => {
    expect(journeyOfVehicle(vehicleClass)).toBe(journey);
  });
});

describe('a failed plate search', () => {
  it("is the server's own words when it refused the search (too many searches)", () => {
    const error = new ApiError(429, { err_msg: 'Too many plate searches; try again in a minute.' });
    expect(describeSearchFailure(error)).toEqual({
      kind: 'refused',
      message: 'Too many plate searches; try again in a minute.',
    });
  });

  it('is an outage when DMVIC or the network did not answer, whatever the words', () => {
    expect(describeSearchFailure(new ApiError(503, { err_msg: 'DMVIC is down' }))).toEqual({
      kind: 'unavailable',
    });
    expect(describeSearchFailure(new ApiError(0, { message: 'offline' }))).toEqual({ kind: 'unavailable' });
    expect(describeSearchFailure(new Error('boom'))).toEqual({ kind: 'unavailable' });
  });

  it('is "not found" when the server answers 404', () => {
    expect(describeSearchFailure(new ApiError(404, { err_msg: 'Not found' }))).toEqual({ kind: 'not-found' });
  });
});

describe('searchVehicle', () => {
  it('sends the plate as the register keeps it (no space, capitals) and answers the vehicle', async () => {
    const vehicle = {
      registrationNumber: 'KDA123B',
      make: 'Toyota',
      model: 'Harrier',
      yearOfManufacture: 2019,
      chassisNumber: 'JTEBU5JR5K5123456',
      engineNumber: '2GR-1234567',
      bodyType: 'SUV',
      vehicleClass: 'private',
    };
    const fetchMock = vi.fn(async () =>
      reply(200, { status: true, result: { data: { found: true, vehicle } } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(searchVehicle(' kda 123b ')).resolves.toEqual({ kind: 'found', vehicle });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).data).toEqual({ registrationNumber: 'KDA123B' });
  });

  it('answers "not found" for a plate the register does not know', async () => {
    vi.stubGlobal('fetch', async () => reply(200, { status: true, result: { data: { found: false } } }));
    await expect(searchVehicle('KZZ 999Z')).resolves.toEqual({ kind: 'not-found' });
  });

  it('answers an outage, without a toast, when the server fails', async () => {
    vi.stubGlobal('fetch', async () => reply(503, { status: false, err_msg: 'unavailable' }));
    await expect(searchVehicle('KDA 123B')).resolves.toEqual({ kind: 'unavailable' });
  });
});

describe('a plate as people write it', () => {
  it.each([
    ['KDA123B', 'KDA 123B'],
    ['kda 123b', 'KDA 123B'],
    ['KMEA201A', 'KMEA 201A'],
    ['ABC', 'ABC'],
  ])('%s reads %s', (plate, shown) => {
    expect(spacedPlate(plate)).toBe(shown);
  });
});
