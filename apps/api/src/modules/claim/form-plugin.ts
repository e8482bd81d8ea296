import { languageOfHeader } from '@bima/domain/i18n';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import { readerPrincipal } from '../files/service';
import { loadClaimForm } from './form';
import { verifyClaimFormLink } from './form-link';

/**
 * `GET /v2/api/claims/form/:token`: the claim form prefilled for a claim, as PDF, for a reader's
 * signed link (getClaim's `claimFormUrl`); `?lang=sw|en`, else the browser's Accept-Language.
 * The reader must still be able to read the claim (else 404).
 */
export async function claimFormPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services },
): Promise<void> {
  const { db, services } = options;
  app.get('/v2/api/claims/form/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const { lang } = request.query as { lang?: string };
    const language =
      lang === 'sw' || lang === 'en' ? lang : languageOfHeader(request.headers['accept-language']);
    const link = verifyClaimFormLink(services.tokenSecret, token);
    const reader = link ? await readerPrincipal(db, link.userId) : null;
    if (!link || !reader) {
      return reply.status(403).send({
        status: false,
        err_code: 'FORBIDDEN',
        err_msg: 'This download link has expired.',
        errors: [],
      });
    }
    await services.pdf.countDownload(link.userId);
    const { view, logo } = await loadClaimForm(db, services, reader, link.claimId);
    const pdf = await services.pdf.render('claimForm', view, language, logo);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="claim-form-${view.claimRef}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
