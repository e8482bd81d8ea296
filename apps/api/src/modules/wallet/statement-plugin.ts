import { languageOfHeader } from '@bima/domain/i18n';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { linkExpired, openSignedLink } from '../../gateway/signed-links';
import type { Services } from '../../services';
import { getStatement, statementClient, statementCsv } from './statement';

/** `GET /v2/api/statements/:token`: the client's statement as PDF or CSV, for their signed link. */
export async function statementPlugin(
  app: FastifyInstance,
  options: { db: Database; services: Services },
): Promise<void> {
  app.get('/v2/api/statements/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    // `?lang=sw|en` chooses the PDF's language, else the browser's Accept-Language.
    const { lang } = request.query as { lang?: string };
    const language =
      lang === 'sw' || lang === 'en' ? lang : languageOfHeader(request.headers['accept-language']);
    const opened = await openSignedLink(options.services, 'statements', token, 3);
    const [format, from, to] = opened?.fields ?? [];
    if (!opened || (format !== 'pdf' && format !== 'csv') || !from || !to) return linkExpired(reply);
    const link = { format, from, to, userId: opened.reader.userId };
    if (link.format === 'pdf') await options.services.pdf.countDownload(link.userId);
    const statement = await getStatement(options.db, link.userId, {
      from: link.from,
      to: link.to,
      all: true,
    });
    const client = await statementClient(options.db, link.userId);
    const name = `bima-statement-${statement.from}-to-${statement.to}`;
    reply.header('cache-control', 'private, no-store');
    if (link.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(statementCsv(statement, client));
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}.pdf"`)
      .send(await options.services.pdf.render('statement', statement, client, language));
  });
}
