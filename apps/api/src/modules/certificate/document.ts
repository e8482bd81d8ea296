import { CERTIFICATE_TYPE_LABELS, type CertificateType } from '@bima/domain';
import QRCode from 'qrcode';
import { type Doc, header, render, rows } from '../policy/documents';
import { type CertificateRow, displayPlate } from './service';

/** The public check of a certificate on the portal: what its QR code opens. */
export function verifyUrlOf(publicBaseUrl: string, certificateNumber: string): string {
  return `${publicBaseUrl.replace(/\/$/, '')}/verify?certificate=${encodeURIComponent(certificateNumber)}`;
}

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
 * insurer, with a QR code of its public check.
 */
export function renderCertificate(
  certificate: CertificateRow,
  options: { policyNumber: string; publicBaseUrl: string },
): Promise<Buffer> {
  const url = verifyUrlOf(options.publicBaseUrl, certificate.certificateNumber);
  return render(`Certificate of insurance ${certificate.certificateNumber}`, (doc) => {
    header(
      doc,
      'Motor Certificate of Insurance',
      `Certificate ${certificate.certificateNumber} · Policy ${options.policyNumber}`,
    );
    rows(doc, 'Certificate', [
      ['Certificate number', certificate.certificateNumber],
      [
        'Type',
        CERTIFICATE_TYPE_LABELS[certificate.certificateType as CertificateType] ??
          certificate.certificateType,
      ],
      ['Insurer', certificate.insurer],
      [
        'Period of cover',
        `${certificate.startDate} to ${certificate.endDate} (both days included, Kenya time)`,
      ],
    ]);
    rows(doc, 'Vehicle', [
      ['Registration', displayPlate(certificate.registrationNumber)],
      ['Make and model', `${certificate.make} ${certificate.model}`.trim()],
      ['Chassis number', certificate.chassisNumber || 'N/A'],
    ]);
    rows(doc, 'The insured', [['Name', certificate.insuredName]]);
    const top = doc.y;
    drawQrCode(doc, url, 50, top, 130);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#0f172a')
      .text('Scan to check this certificate, or open:', 200, top + 20, { width: 345 })
      .fillColor('#065f46')
      .text(url, 200, doc.y + 4, { width: 345, link: url, underline: true });
    doc
      .fontSize(8)
      .fillColor('#475569')
      .text(
        'Issued through Bima Portal under the Insurance (Motor Vehicles Third Party Risks) Act. Sample market: not an underwriter document.',
        50,
        top + 150,
        { width: 495 },
      );
  });
}
