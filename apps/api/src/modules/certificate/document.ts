import { CERTIFICATE_TYPE_LABELS, type CertificateType } from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import QRCode from 'qrcode';
import { COLOURS, type Doc, type Logo, renderDocument } from '../../lib/pdf/layout';
import { type DocumentLanguage, dateInWords } from '../../lib/pdf/words';
import { type CertificateRow, displayPlate } from './service';

/** The public check of a certificate on the portal: what its QR code opens. */
export function verifyUrlOf(publicBaseUrl: string, certificateNumber: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/verify?certificate=${encodeURIComponent(certificateNumber)}`;
}

/** The certificate's words in English and Kenyan Swahili. */
const TEXTS = {
  en: {
    title: 'Motor Certificate of Insurance',
    fileTitle: (number: string) => `Certificate of insurance ${number}`,
    certificateRef: (number: string) => `Certificate ${number}`,
    policyRef: (number: string) => `Policy ${number}`,
    issuedOn: (date: string) => `Issued ${date}`,
    certificate: 'Certificate',
    number: 'Certificate number',
    type: 'Type',
    insurer: 'Insurer',
    from: 'Cover from',
    to: 'Cover to',
    bothDays: 'Both days included, Kenya time (EAT).',
    vehicle: 'Vehicle',
    registration: 'Registration',
    makeModel: 'Make and model',
    chassis: 'Chassis number',
    insured: 'Insured',
    name: 'Name',
    check: 'Verify',
    scan: 'Scan to check this certificate, or open:',
    notApplicable: 'N/A',
    footer:
      'Issued through Bima Portal under the Insurance (Motor Vehicles Third Party Risks) Act. Sample market: not an underwriter document.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    brandLine: 'Bima Portal · digital insurance intermediary',
  },
  sw: {
    title: 'Cheti cha Bima ya Gari',
    fileTitle: (number: string) => `Cheti cha bima ${number}`,
    certificateRef: (number: string) => `Cheti ${number}`,
    policyRef: (number: string) => `Sera ${number}`,
    issuedOn: (date: string) => `Kimetolewa ${date}`,
    certificate: 'Cheti',
    number: 'Nambari ya cheti',
    type: 'Aina',
    insurer: 'Kampuni ya bima',
    from: 'Bima kuanzia',
    to: 'Bima hadi',
    bothDays: 'Siku zote mbili zimejumuishwa, saa za Kenya (EAT).',
    vehicle: 'Gari',
    registration: 'Nambari ya usajili',
    makeModel: 'Aina na modeli',
    chassis: 'Nambari ya chasisi',
    insured: 'Mwenye bima',
    name: 'Jina',
    check: 'Hakiki',
    scan: 'Changanua msimbo huu kuhakiki cheti hiki, au fungua:',
    notApplicable: 'Haipo',
    footer:
      'Kimetolewa kupitia Bima Portal chini ya Sheria ya Bima (Hatari za Mtu wa Tatu za Magari). Soko la mfano: si hati ya kampuni ya bima.',
    page: (page: number, pages: number) => `Ukurasa ${page} kati ya ${pages}`,
    brandLine: 'Bima Portal · mpatanishi wa bima wa kidijitali',
  },
} as const;

/** Draws the QR code of `text` as vector squares (no image): `size` points wide at (x, y). */
function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) {
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fill('#000000').restore();
}

/**
 * The certificate of insurance: its number and type, the vehicle, the insured, the period and the
 * insurer (with its logo when given), with a QR code of its public check.
 */
export function renderCertificate(
  certificate: CertificateRow & { certificateNumber: string },
  options: { policyNumber: string; publicBaseUrl: string; insurerLogo?: Logo },
  language: DocumentLanguage = 'en',
): Promise<Buffer> {
  const texts = TEXTS[language];
  const url = verifyUrlOf(options.publicBaseUrl, certificate.certificateNumber);
  const type =
    CERTIFICATE_TYPE_LABELS[certificate.certificateType as CertificateType] ?? certificate.certificateType;
  const title = texts.fileTitle(certificate.certificateNumber);
  return renderDocument(
    {
      title,
      language,
      createdAt: certificate.issuedAt ?? certificate.createdAt,
      runningTitle: title,
      footerNote: texts.footer,
      pageLabel: texts.page,
      brandLine: texts.brandLine,
    },
    (layout) => {
      layout.header({
        logo: options.insurerLogo ?? null,
        logoName: certificate.insurer,
        title: texts.title,
        lines: [texts.certificateRef(certificate.certificateNumber), texts.policyRef(options.policyNumber)],
        subtitle: texts.issuedOn(dateInWords(certificate.issuedAt ?? certificate.createdAt, language)),
      });
      layout.section(texts.certificate, [
        [texts.number, certificate.certificateNumber],
        [texts.type, translateText(type, language)],
        [texts.insurer, certificate.insurer],
        [texts.from, dateInWords(certificate.startDate, language)],
        [texts.to, `${dateInWords(certificate.endDate, language)}\n${texts.bothDays}`],
      ]);
      layout.section(texts.vehicle, [
        [texts.registration, displayPlate(certificate.registrationNumber)],
        [texts.makeModel, `${certificate.make} ${certificate.model}`.trim()],
        [texts.chassis, certificate.chassisNumber || texts.notApplicable],
      ]);
      layout.section(texts.insured, [[texts.name, certificate.insuredName]]);
      layout.block(texts.check, 128, (x, y) => {
        const { doc } = layout;
        drawQrCode(doc, url, x - 8, y - 2, 128);
        doc
          .font('Helvetica')
          .fontSize(9.5)
          .fillColor(COLOURS.ink)
          .text(texts.scan, x + 136, y + 24, { width: 225 })
          .fillColor(COLOURS.brand)
          .text(url, x + 136, doc.y + 4, { width: 225, link: url, underline: true });
      });
    },
  );
}
