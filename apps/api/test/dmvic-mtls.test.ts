import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DmvicClient } from '../src/dmvic/client';
import { DmvicError } from '../src/dmvic/port';
import {
  DMVIC_SIMULATOR_CREDENTIALS,
  type DmvicSimulator,
  startDmvicSimulator,
} from '../src/dmvic/simulator';
import { buildTestApp } from './helpers';

/**
 * Mutual TLS as DMVIC asks it: the simulator on https wanting a client certificate from its CA, the
 * client presenting the certificate and key it was given. Certificates are made with openssl here.
 */
const dir = mkdtempSync(join(tmpdir(), 'dmvic-mtls-'));
const file = (name: string) => join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA, and a certificate it signs (with the subject alternative names given). */
function makeCa(name: string) {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    file(`${name}.key`),
    '-out',
    file(`${name}.crt`),
  );
}
function makeSigned(name: string, ca: string, extensions: string) {
  writeFileSync(file(`${name}.ext`), extensions);
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    file(`${name}.key`),
    '-out',
    file(`${name}.csr`),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    file(`${name}.csr`),
    '-CA',
    file(`${ca}.crt`),
    '-CAkey',
    file(`${ca}.key`),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file(`${name}.ext`),
    '-out',
    file(`${name}.crt`),
  );
}
const pem = (name: string) => readFileSync(file(name));

let simulator: DmvicSimulator;
const clients: DmvicClient[] = [];
const clientWith = (tls?: { cert: Buffer; key: Buffer; ca?: Buffer }) => {
  const client = new DmvicClient({
    baseUrl: simulator.baseUrl,
    ...DMVIC_SIMULATOR_CREDENTIALS,
    tls,
    timeoutMs: 3_000,
  });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  makeCa('dmvic-ca');
  makeCa('other-ca');
  makeSigned('server', 'dmvic-ca', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  makeSigned('intermediary', 'dmvic-ca', 'extendedKeyUsage=clientAuth\n');
  makeSigned('stranger', 'other-ca', 'extendedKeyUsage=clientAuth\n');
  simulator = await startDmvicSimulator({
    tls: { cert: pem('server.crt'), key: pem('server.key'), ca: pem('dmvic-ca.crt') },
  });
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DMVIC over mutual TLS', () => {
  it('with the certificate DMVIC issued: logs in, searches, issues and downloads the PDF', async () => {
    expect(simulator.baseUrl).toMatch(/^https:/);
    const client = clientWith({
      cert: pem('intermediary.crt'),
      key: pem('intermediary.key'),
      ca: pem('dmvic-ca.crt'),
    });
    expect((await client.searchVehicle('KDJ 501A'))?.make).toBe('TOYOTA');
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const issued = await client.issueCertificate({
      type: 'C',
      memberCompanyId: 18,
      policyNumber: 'BIMA/MPV/000900',
      commencingDate: today,
      expiringDate: today,
      registrationNumber: 'KDG 900Q',
      chassisNumber: 'NZE161-3019000',
      insuredName: 'Achieng Otieno',
      phoneNumber: '0722000900',
      email: 'achieng@example.co.ke',
      coverType: 200,
      bodyType: 'SALOON',
    });
    const pdf = await client.getCertificatePdf(issued.certificateNumber);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('without a client certificate, or with one another CA signed, DMVIC is not reached: UNAVAILABLE, no token', async () => {
    for (const client of [
      clientWith({ cert: pem('stranger.crt'), key: pem('stranger.key'), ca: pem('dmvic-ca.crt') }),
      // Trusting DMVIC's server but presenting nothing.
      clientWith({ ca: pem('dmvic-ca.crt') } as never),
    ]) {
      const error = await client.memberCompanyStock(18).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(DmvicError);
      expect((error as DmvicError).code).toBe('UNAVAILABLE');
    }
  });

  it('configured by DMVIC_* (certificate files), the portal’s plate search goes through mutual TLS', async () => {
    const env = {
      DMVIC_BASE_URL: simulator.baseUrl,
      DMVIC_USERNAME: DMVIC_SIMULATOR_CREDENTIALS.username,
      DMVIC_PASSWORD: DMVIC_SIMULATOR_CREDENTIALS.password,
      DMVIC_CLIENT_ID: DMVIC_SIMULATOR_CREDENTIALS.clientId,
      DMVIC_CERT_FILE: file('intermediary.crt'),
      DMVIC_KEY_FILE: file('intermediary.key'),
      DMVIC_CA_FILE: file('dmvic-ca.crt'),
    };
    const ctx = await buildTestApp({ seed: false, env });
    try {
      expect(ctx.app.services.dmvic.simulator).toBeNull();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v2/api/v1',
        payload: {
          service: { name: 'underwriting', version: 'v1' },
          resource: { name: 'vehicle', version: 'v1' },
          action: { name: 'searchVehicle', version: 'v1' },
          data: { registrationNumber: 'KCT 880M' },
        },
      });
      expect(response.json().result.data.vehicle.model).toBe('CARAVAN');
    } finally {
      await ctx.app.close();
    }
    // A certificate file that cannot be read stops the start, naming the setting.
    await expect(
      buildTestApp({ seed: false, env: { ...env, DMVIC_KEY_FILE: file('missing.key') } }),
    ).rejects.toThrow(/DMVIC_KEY_FILE: cannot read/);
  }, 60_000);
});
