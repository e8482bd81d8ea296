import { CERTIFICATE_MESSAGES } from '@bima/domain';
import { languageOfHeader } from '@bima/domain/i18n';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../gateway/errors';
import { linkExpired, openSignedLink } from '../../gateway/signed-links';
import type { Services } from '../../services';
import { findCertificateOfPolicy } from '../certificate/service';
import { answerInLanguage } from '../product/texts';
import { loadDocumentBrand } from './document-brand';
import { DOCUMENT_KINDS } from './document-links';
import { getPolicyView } from './service';

/** `GET /v2/api/documents/:token`: a policy schedule, receipt or motor certificate as PDF, for its owner's signed link. */
export async function documentsPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services },
): Promise<void> {
  app.get('/v2/api/documents/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    // `?lang=sw|en` chooses the document's language, else the browser's Accept-Language.
    const { lang } = request.query as { lang?: string };
    const language =
      lang === 'sw' || lang === 'en' ? lang : languageOfHeader(request.headers['accept-language']);
    const opened = await openSignedLink(options.services, 'documents', token, 2);
    const kind = DOCUMENT_KINDS.find((known) => known === opened?.fields[0]);
    const policyId = Number(opened?.fields[1]);
    if (!opened || !kind || !Number.isSafeInteger(policyId)) return linkExpired(reply);
    const link = { kind, policyId, userId: opened.reader.userId };
    await options.services.pdf.countDownload(link.userId);
    // The owner's policy, or 404 (getPolicyView filters by the link's user), with the underwriter's
    // product and benefit names in the document's language (issue 14).
    const policy = await answerInLanguage(
      options.db,
      language,
      await getPolicyView(options.db, link.userId, { id: link.policyId }),
    );
    const brand = await loadDocumentBrand(options.db, policy);
    let pdf: Buffer;
    let name: string;
    if (link.kind === 'certificate') {
      const found = await findCertificateOfPolicy(options.db, policy.id);
      if (!found) throw new AppError('not_found', CERTIFICATE_MESSAGES.notFound);
      // DMVIC's own PDF once kept; the portal renders only its certificates from before DMVIC.
      if (found.certificate.issuer === 'DMVIC' && !found.certificate.pdf)
        throw new AppError('unavailable', 'The certificate is being issued. Try again in a minute.');
      pdf = found.certificate.pdf
        ? Buffer.from(found.certificate.pdf)
        : await options.services.pdf.render(
            'certificate',
            found.certificate,
            {
              policyNumber: policy.policyNumber,
              publicBaseUrl: options.services.publicBaseUrl,
              insurerLogo: brand.underwriterLogo ?? null,
            },
            language,
          );
      name = `certificate-${found.certificate.certificateNumber}.pdf`;
    } else {
      pdf =
        link.kind === 'schedule'
          ? await options.services.pdf.render('policySchedule', policy, language, brand)
          : await options.services.pdf.render('receipt', policy, language, brand);
      name = `${link.kind === 'schedule' ? 'policy-schedule' : 'receipt'}-${policy.policyNumber.replace(/\//g, '-')}.pdf`;
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
