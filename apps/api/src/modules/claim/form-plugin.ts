import { languageOfHeader } from '@bima/domain/i18n';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { linkExpired, openSignedLink } from '../../gateway/signed-links';
import type { Services } from '../../services';
import { loadClaimForm } from './form';

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
    const opened = await openSignedLink(services, 'claim-form', token, 1);
    const claimId = Number(opened?.fields[0]);
    if (!opened || !/^\d{1,9}$/.test(opened.fields[0]!)) return linkExpired(reply);
    const { reader } = opened;
    await services.pdf.countDownload(reader.userId);
    const { view, logo } = await loadClaimForm(db, services, reader, claimId);
    const pdf = await services.pdf.render('claimForm', view, language, logo);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="claim-form-${view.claimRef}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
