import { CLAIM_TYPE_LABELS, type ClaimType } from '@bima/domain';
import { translateText } from '@bima/domain/i18n';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { claims, clients, policies, quotations, underwriters, users } from '../../db/schema';
import type { Principal } from '../../gateway/registry';
import { COLOURS, type Logo, renderDocument } from '../../lib/pdf/layout';
import { type DocumentLanguage, dateInWords } from '../../lib/pdf/words';
import type { Services } from '../../services';
import { displayPlate } from '../certificate/service';
import { logoAt } from '../policy/document-brand';
import { getClaim } from './service';

/** What the claim form is prefilled with: the policy, the insured, the vehicle and the claim as reported. */
export interface ClaimFormView {
  claimRef: string;
  type: ClaimType;
  reportedAt: Date;
  incidentDate: string;
  place: string;
  description: string;
  obNumber: string | null;
  otherParty: { name: string; phone: string; vehicleRegistration?: string; insurer?: string } | null;
  policy: {
    policyNumber: string;
    productName: string;
    underwriter: string;
    startDate: string;
    endDate: string;
  };
  insured: { name: string; email: string; phone: string | null; kraPin: string | null };
  vehicle: {
    registrationNumber?: string;
    make?: string;
    model?: string;
    chassisNumber?: string;
    engineNumber?: string;
  };
}

/** The form's words in English and Kenyan Swahili. */
const TEXTS = {
  en: {
    title: 'Motor Claim Form',
    fileTitle: (ref: string) => `Claim form ${ref}`,
    claimRef: (ref: string) => `Claim ${ref}`,
    policyRef: (number: string) => `Policy ${number}`,
    reportedOn: (date: string) => `Reported ${date}`,
    intro:
      'Prefilled from your policy and your report. Check every detail, complete the blank fields, sign and upload it to the claim as "Claim form, filled in and signed".',
    policy: 'Policy',
    policyNumber: 'Policy number',
    insurer: 'Insurer',
    product: 'Product',
    period: 'Period of cover',
    periodValue: (from: string, to: string) => `${from} to ${to}`,
    insured: 'Insured',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    kraPin: 'KRA PIN',
    vehicle: 'Vehicle',
    registration: 'Registration',
    makeModel: 'Make and model',
    chassis: 'Chassis number',
    engine: 'Engine number',
    claim: 'The claim',
    reference: 'Claim reference',
    type: 'Type of claim',
    incidentDate: 'Date of the incident',
    place: 'Place',
    description: 'What happened',
    obNumber: 'Police OB number',
    otherParty: 'Other party',
    none: 'None given',
    complete: 'To complete',
    time: 'Time of the incident',
    driver: "Driver's name",
    licence: "Driver's licence number",
    speed: 'Speed at the time (km/h)',
    station: 'Police station reported to',
    damage: 'Damage or items lost',
    witnesses: 'Witnesses (names and phones)',
    inspection: 'Where it can be inspected',
    declaration: 'Declaration',
    declarationText:
      'I declare that the details above are true and complete to the best of my knowledge, and that I have not hidden anything that bears on this claim.',
    signature: 'Signature of the insured',
    date: 'Date',
    footer:
      'Claim form issued through Bima Portal for the insurer named above. Sample market: not an underwriter document.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    brandLine: 'Bima Portal · digital insurance intermediary',
  },
  sw: {
    title: 'Fomu ya Dai la Bima ya Gari',
    fileTitle: (ref: string) => `Fomu ya dai ${ref}`,
    claimRef: (ref: string) => `Dai ${ref}`,
    policyRef: (number: string) => `Sera ${number}`,
    reportedOn: (date: string) => `Limeripotiwa ${date}`,
    intro:
      'Imejazwa kutoka kwa sera yako na ripoti yako. Hakiki kila taarifa, jaza nafasi zilizo wazi, tia sahihi na uipakie kwenye dai kama "Fomu ya dai, iliyojazwa na kutiwa sahihi".',
    policy: 'Sera',
    policyNumber: 'Nambari ya sera',
    insurer: 'Kampuni ya bima',
    product: 'Bidhaa',
    period: 'Muda wa bima',
    periodValue: (from: string, to: string) => `${from} hadi ${to}`,
    insured: 'Mwenye bima',
    name: 'Jina',
    email: 'Barua pepe',
    phone: 'Simu',
    kraPin: 'KRA PIN',
    vehicle: 'Gari',
    registration: 'Nambari ya usajili',
    makeModel: 'Aina na modeli',
    chassis: 'Nambari ya chasisi',
    engine: 'Nambari ya injini',
    claim: 'Dai',
    reference: 'Kumbukumbu ya dai',
    type: 'Aina ya dai',
    incidentDate: 'Tarehe ya tukio',
    place: 'Mahali',
    description: 'Kilichotokea',
    obNumber: 'Nambari ya OB ya polisi',
    otherParty: 'Upande mwingine',
    none: 'Haijatolewa',
    complete: 'Jaza',
    time: 'Saa ya tukio',
    driver: 'Jina la dereva',
    licence: 'Nambari ya leseni ya dereva',
    speed: 'Mwendo wakati huo (km/h)',
    station: 'Kituo cha polisi kilichoripotiwa',
    damage: 'Uharibifu au vitu vilivyopotea',
    witnesses: 'Mashahidi (majina na simu)',
    inspection: 'Mahali pa kulikagua gari',
    declaration: 'Tamko',
    declarationText:
      'Ninatamka kwamba taarifa zilizo hapo juu ni za kweli na kamili kwa kadiri ninavyojua, na kwamba sijaficha jambo lolote linalohusu dai hili.',
    signature: 'Sahihi ya mwenye bima',
    date: 'Tarehe',
    footer:
      'Fomu ya dai imetolewa kupitia Bima Portal kwa kampuni ya bima iliyotajwa hapo juu. Soko la mfano: si hati ya kampuni ya bima.',
    page: (page: number, pages: number) => `Ukurasa ${page} kati ya ${pages}`,
    brandLine: 'Bima Portal · mpatanishi wa bima wa kidijitali',
  },
} as const;

/** A value, or the blank a person fills in by hand. */
const BLANK = '______________________________';

/**
 * The claim form the checklist asks for ("Claim form, filled in and signed"), prefilled with the
 * policy, the insured, the vehicle and what the client reported; what we do not know is left blank,
 * ruled, for the client to write in before signing. No clock is read: its date is the report's.
 */
export function renderClaimForm(
  view: ClaimFormView,
  language: DocumentLanguage = 'en',
  insurerLogo: Logo = null,
): Promise<Buffer> {
  const texts = TEXTS[language];
  const title = texts.fileTitle(view.claimRef);
  const or = (value: string | null | undefined) => (value && value.trim() !== '' ? value : BLANK);
  const other = view.otherParty;
  return renderDocument(
    {
      title,
      language,
      createdAt: view.reportedAt,
      runningTitle: title,
      footerNote: texts.footer,
      pageLabel: texts.page,
      brandLine: texts.brandLine,
    },
    (layout) => {
      layout.header({
        logo: insurerLogo,
        logoName: view.policy.underwriter,
        title: texts.title,
        lines: [texts.claimRef(view.claimRef), texts.policyRef(view.policy.policyNumber)],
        subtitle: texts.reportedOn(dateInWords(view.reportedAt, language)),
      });
      layout.note(texts.intro, { colour: COLOURS.ink, size: 9 });
      layout.section(texts.policy, [
        [texts.policyNumber, view.policy.policyNumber],
        [texts.insurer, view.policy.underwriter],
        [texts.product, view.policy.productName],
        [
          texts.period,
          texts.periodValue(
            dateInWords(view.policy.startDate, language),
            dateInWords(view.policy.endDate, language),
          ),
        ],
      ]);
      layout.section(texts.insured, [
        [texts.name, view.insured.name],
        [texts.email, view.insured.email],
        [texts.phone, or(view.insured.phone)],
        [texts.kraPin, or(view.insured.kraPin === 'N/A' ? null : view.insured.kraPin)],
      ]);
      layout.section(texts.vehicle, [
        [texts.registration, or(view.vehicle.registrationNumber)],
        [texts.makeModel, or(`${view.vehicle.make ?? ''} ${view.vehicle.model ?? ''}`.trim())],
        [texts.chassis, or(view.vehicle.chassisNumber)],
        [texts.engine, or(view.vehicle.engineNumber)],
      ]);
      layout.section(texts.claim, [
        [texts.reference, view.claimRef],
        [texts.type, translateText(CLAIM_TYPE_LABELS[view.type] ?? view.type, language)],
        [texts.incidentDate, dateInWords(view.incidentDate, language)],
        [texts.place, view.place],
        [texts.description, view.description],
        [texts.obNumber, or(view.obNumber)],
        [
          texts.otherParty,
          other
            ? [other.name, other.phone, other.vehicleRegistration, other.insurer].filter(Boolean).join(', ')
            : texts.none,
        ],
      ]);
      const blanks = [
        texts.time,
        texts.driver,
        texts.licence,
        texts.speed,
        texts.station,
        texts.damage,
        texts.witnesses,
        texts.inspection,
      ];
      const LINE = 20;
      layout.block(texts.complete, blanks.length * LINE, (x, y) => {
        const { doc } = layout;
        blanks.forEach((label, index) => {
          const top = y + index * LINE;
          doc
            .font('Helvetica')
            .fontSize(9)
            .fillColor(COLOURS.muted)
            .text(label, x, top + 6, { width: 136 });
          doc
            .save()
            .lineWidth(0.75)
            .strokeColor(COLOURS.faint)
            .moveTo(x + 146, top + 17)
            .lineTo(x + 371, top + 17)
            .stroke()
            .restore();
        });
      });
      layout.block(texts.declaration, 76, (x, y) => {
        const { doc } = layout;
        doc
          .font('Helvetica')
          .fontSize(9)
          .fillColor(COLOURS.ink)
          .text(texts.declarationText, x, y, { width: 371 });
        const top = doc.y + 6;
        for (const [label, left, width] of [
          [texts.signature, x, 200],
          [texts.date, x + 226, 145],
        ] as const) {
          doc
            .save()
            .lineWidth(0.75)
            .strokeColor(COLOURS.ink)
            .moveTo(left, top + 22)
            .lineTo(left + width, top + 22)
            .stroke()
            .restore();
          doc
            .font('Helvetica')
            .fontSize(8.5)
            .fillColor(COLOURS.muted)
            .text(label, left, top + 26, { width });
        }
      });
    },
  );
}

const textOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * The claim form's contents for a reader who may read the claim (its client, the insurer's staff,
 * an admin; anyone else 404 through getClaim), with the insurer's logo.
 */
export async function loadClaimForm(
  db: Database,
  services: Services,
  reader: Principal,
  claimId: number,
): Promise<{ view: ClaimFormView; logo: Logo }> {
  const claim = await getClaim(db, services, reader, claimId);
  const [row] = await db
    .select({
      createdAt: claims.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profilePhone: users.phone,
      kycPhone: clients.phone,
      kraPin: clients.kraPin,
      vehicle: quotations.vehicle,
      logo: underwriters.logo,
    })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .leftJoin(clients, eq(clients.userId, claims.userId))
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(quotations, eq(quotations.id, policies.quotationId))
    .innerJoin(underwriters, eq(underwriters.id, claims.underwriterId))
    .where(eq(claims.id, claim.id));
  const vehicle = row?.vehicle ?? {};
  const otherParty = claim.otherParty as ClaimFormView['otherParty'];
  return {
    view: {
      claimRef: claim.claimRef,
      type: claim.type as ClaimType,
      reportedAt: row?.createdAt ?? new Date(claim.createdAt),
      incidentDate: claim.incidentDate,
      place: claim.place,
      description: claim.description,
      obNumber: claim.obNumber,
      otherParty,
      policy: {
        policyNumber: claim.policy?.policyNumber ?? '',
        productName: claim.policy?.productName ?? '',
        underwriter: claim.policy?.underwriter ?? '',
        startDate: claim.policy?.startDate ?? claim.incidentDate,
        endDate: claim.policy?.endDate ?? claim.incidentDate,
      },
      insured: {
        name: row ? `${row.firstName} ${row.lastName}` : '',
        email: row?.email ?? '',
        phone: row?.kycPhone ?? row?.profilePhone ?? null,
        kraPin: row?.kraPin ?? null,
      },
      vehicle: {
        registrationNumber:
          textOf(vehicle.registrationNumber) === undefined
            ? undefined
            : displayPlate(String(vehicle.registrationNumber)),
        make: textOf(vehicle.make),
        model: textOf(vehicle.model),
        chassisNumber: textOf(vehicle.chassisNumber),
        engineNumber: textOf(vehicle.engineNumber),
      },
    },
    logo: await logoAt(row?.logo),
  };
}
