import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { buildTestApp } from './helpers';
import { invoiceFor, payForPolicy } from './purchase-helpers';
import { type Headers, send, signInAs } from './staff-helpers';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

export const APA_UNDERWRITER = 'underwriter.apa@bimaportal.co.ke';

/** A policy bought and paid through the simulator (APA comprehensive, KES 1.5M, collision excess KES 25,000). */
export async function policyFor(ctx: Ctx, headers: Headers): Promise<string> {
  const invoice = await invoiceFor(ctx, headers);
  return payForPolicy(ctx, headers, invoice.invoiceSystemRef);
}

export const accidentClaim = (
  policyNumber: string,
  incidentDate: string,
  overrides: Record<string, unknown> = {},
) => ({
  policyNumber,
  type: 'accident',
  incidentDate,
  place: 'Waiyaki Way, Westlands, Nairobi',
  description: 'Hit a pothole and the front bumper and the left headlamp broke.',
  ...overrides,
});

/** A multipart body with one file, as a browser's FormData sends it. */
export function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----bima${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  ctx: Ctx,
  headers: Headers,
  claimId: number,
  file: { name: string; type: string; bytes: Buffer; category?: string; uploadId?: string },
) {
  const body = multipart(file.name, file.type, file.bytes);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/v2/api/files?ownerKind=claim&ownerId=${claimId}&category=${file.category ?? 'damage_photos'}`,
    headers: { ...headers, ...body.headers, 'x-upload-id': file.uploadId ?? randomUUID() },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Takes a reported claim to APPROVED through the APA desk: assessor, assessment, approval of `amount` (cents, the wire's unit). */
export async function approveThroughDesk(ctx: Ctx, desk: Headers, claimId: number, amount = 200_000_00) {
  const assessors = await send(ctx, 'claims/desk/listAssessors', { id: claimId }, desk);
  expect(assessors.status, JSON.stringify(assessors.body)).toBe(200);
  const assessorId = assessors.body.result.data[0].id;
  expect((await send(ctx, 'claims/desk/appointAssessor', { id: claimId, assessorId }, desk)).status).toBe(
    200,
  );
  const assessed = await send(
    ctx,
    'claims/desk/recordAssessment',
    { id: claimId, report: 'Bumper and headlamp to replace; no hidden damage.', assessedLoss: amount },
    desk,
  );
  expect(assessed.status, JSON.stringify(assessed.body)).toBe(200);
  const approved = await send(ctx, 'claims/desk/approveClaim', { id: claimId, amount }, desk);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

export async function deskHeaders(ctx: Ctx) {
  return (await signInAs(ctx, APA_UNDERWRITER)).headers;
}
