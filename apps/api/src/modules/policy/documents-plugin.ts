import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { verifyDocumentLink } from './document-links';
import { renderPolicySchedule, renderReceipt } from './documents';
import { getPolicy } from './service';

/** `GET /v2/api/documents/:token`: a policy schedule or receipt as PDF, for its owner's signed link. */
export async function documentsPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services },
): Promise<void> {
  app.get('/v2/api/documents/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const link = verifyDocumentLink(options.services.tokenSecret, token);
    if (!link) {
      return reply.status(403).send({
        status: false,
        err_code: 'FORBIDDEN',
        err_msg: 'This download link has expired.',
        errors: [],
      });
    }
    const policy = await getPolicy(options.db, link.userId, { id: link.policyId });
    const pdf = link.kind === 'schedule' ? await renderPolicySchedule(policy) : await renderReceipt(policy);
    const name = `${link.kind === 'schedule' ? 'policy-schedule' : 'receipt'}-${policy.policyNumber.replace(/\//g, '-')}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
