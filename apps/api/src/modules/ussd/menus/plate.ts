import { type CertificateStatus, normaliseRegistration, REGISTRATION_PATTERN } from '@bima/domain';
import { AUTH_RATE_RULES } from '../../../auth/rate-limiter';
import { kenyaToday } from '../../../lib/dates';
import { type Bilingual, formatDay } from '../../../lib/language';
import { displayPlate, verifyCertificate } from '../../certificate/service';
import { con, end, type UssdContext, type UssdMenu } from '../menu';

/** How a certificate's state reads on a screen. */
export const CERTIFICATE_STATE_WORDS: Record<Exclude<CertificateStatus, 'UNKNOWN'>, Bilingual> = {
  VALID: { en: 'valid', sw: 'inatumika' },
  EXPIRED: { en: 'expired', sw: 'imekwisha' },
  CANCELLED: { en: 'cancelled', sw: 'imefutwa' },
  NOT_YET_VALID: { en: 'not yet started', sw: 'bado haijaanza' },
};

export const PLATE_SCREEN = {
  label: { en: 'Check cover by number plate', sw: 'Angalia bima kwa namba ya gari' },
  ask: {
    en: 'Enter the number plate, e.g. KCA 123A\n0. Back',
    sw: 'Weka namba ya gari, mfano KCA 123A\n0. Rudi',
  },
  notAPlate: {
    en: 'That is not a number plate like KCA 123A. Enter the number plate\n0. Back',
    sw: 'Hiyo si namba ya gari kama KCA 123A. Weka namba ya gari\n0. Rudi',
  },
  none: (plate: string): Bilingual => ({
    en: `${plate}: no insurance certificate found for today.`,
    sw: `${plate}: hakuna cheti cha bima kilichopatikana kwa leo.`,
  }),
  found: (options: {
    plate: string;
    state: Bilingual;
    ends: Bilingual;
    insurer: string;
    number: string;
  }): Bilingual => ({
    en: `${options.plate}\nCover: ${options.state.en}\nEnds: ${options.ends.en}\nInsurer: ${options.insurer}\nCertificate ${options.number}`,
    sw: `${options.plate}\nBima: ${options.state.sw}\nInaisha: ${options.ends.sw}\nBima na: ${options.insurer}\nCheti ${options.number}`,
  }),
  tooMany: {
    en: 'Too many plate checks from this phone. Please try again in a few minutes.',
    sw: 'Maswali mengi mno ya namba za magari kutoka simu hii. Tafadhali jaribu tena baada ya dakika chache.',
  },
} as const;

/** An insurer's name as long as a screen can show it. */
const INSURER_MAX = 60;

/**
 * 1. Check cover by number plate: the certificate's state today, its end date and the insurer, as the
 * portal's public check answers it (DMVIC first, our records when DMVIC does not answer). Anyone may
 * ask; each phone has the public check's limit, so plates cannot be swept from a phone either.
 */
export const plateMenu: UssdMenu = {
  id: 'plate',
  label: PLATE_SCREEN.label,
  personal: false,
  start: async (context) => con(context.t(PLATE_SCREEN.ask), 'plate'),
  answer: async (context, _step, input) => {
    const plate = normaliseRegistration(input);
    if (!REGISTRATION_PATTERN.test(plate)) return con(context.t(PLATE_SCREEN.notAPlate), 'plate');
    return checkPlate(context, plate);
  },
};

async function checkPlate(context: UssdContext, plate: string) {
  const limit = await context.services.limiter.count(
    AUTH_RATE_RULES.certificateCheckPerIp,
    `certificate-check:phone:${context.caller.phone}`,
  );
  if (limit.count > limit.limit) return end(context.t(PLATE_SCREEN.tooMany));
  const today = kenyaToday();
  const check = await verifyCertificate(
    { db: context.db, dmvic: context.services.dmvic.client, log: context.log },
    { by: 'plate', registrationNumber: plate, date: today },
    today,
  );
  const certificate = check.certificate;
  if (!certificate || check.status === 'UNKNOWN')
    return end(context.t(PLATE_SCREEN.none(displayPlate(plate))));
  return end(
    context.t(
      PLATE_SCREEN.found({
        plate: certificate.registrationNumber,
        state: CERTIFICATE_STATE_WORDS[check.status],
        ends: { en: formatDay(certificate.endDate, 'en'), sw: formatDay(certificate.endDate, 'sw') },
        insurer: certificate.insurer.slice(0, INSURER_MAX),
        number: certificate.certificateNumber,
      }),
    ),
  );
}
