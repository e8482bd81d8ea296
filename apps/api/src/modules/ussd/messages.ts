import type { Bilingual } from '../../lib/language';

/** The engine's own screens, in English and Kiswahili (each within 182 characters with its menu lines). */
export const USSD_SCREEN = {
  /** The first dial of a phone, before a language is known: both at once. */
  chooseLanguage: 'Bima Portal\nChoose a language / Chagua lugha\n1. English\n2. Kiswahili',
  welcome: { en: 'Bima Portal', sw: 'Bima Portal' },
  otherLanguage: { en: 'Kiswahili', sw: 'English' },
  notAChoice: { en: 'Choose a number from the list', sw: 'Chagua namba kwenye orodha' },
  resume: {
    en: 'You left a session a moment ago.\n1. Continue where you were\n2. Start again',
    sw: 'Uliacha kikao punde.\n1. Endelea ulipokuwa\n2. Anza upya',
  },
  idPrompt: {
    en: 'Enter the last 4 digits of your ID number\n0. Back',
    sw: 'Weka tarakimu 4 za mwisho za namba yako ya kitambulisho\n0. Rudi',
  },
  idWrong: (left: number): Bilingual => ({
    en: `Those digits do not match. ${left} ${left === 1 ? 'try' : 'tries'} left.\nEnter the last 4 digits of your ID number\n0. Back`,
    sw: `Tarakimu hizo si sahihi. Umebaki na majaribio ${left}.\nWeka tarakimu 4 za mwisho za kitambulisho chako\n0. Rudi`,
  }),
  idLocked: {
    en: 'The ID digits did not match 3 times. For your safety this session has ended. We have sent you an SMS.',
    sw: 'Tarakimu za kitambulisho hazikulingana mara 3. Kwa usalama wako kikao kimefungwa. Tumekutumia SMS.',
  },
  noIdNumber: {
    en: 'To see your policies here, first add your ID number in Profile on the portal.',
    sw: 'Ili kuona bima zako hapa, kwanza weka namba ya kitambulisho kwenye Wasifu katika portal.',
  },
  idLockedFor: {
    en: 'For your safety, your policies cannot be reached here for an hour after 3 wrong ID digits. Plate checks and quotes still work.',
    sw: 'Kwa usalama wako, bima zako hazipatikani hapa kwa saa moja baada ya tarakimu 3 zisizo sahihi. Namba za magari na bei bado zinapatikana.',
  },
  tooMany: {
    en: 'Too many requests from this phone. Please dial again in a minute.',
    sw: 'Maombi mengi mno kutoka simu hii. Tafadhali piga tena baada ya dakika moja.',
  },
  unavailable: {
    en: 'Bima Portal is not available right now. Please try again later.',
    sw: 'Bima Portal haipatikani sasa hivi. Tafadhali jaribu tena baadaye.',
  },
} as const;

/** The text to the client after 3 wrong ID digits on USSD (one segment). */
export const ussdLockoutSms = (serviceCode: string): Bilingual => ({
  en: `Bima Portal: wrong ID digits were entered 3 times on ${serviceCode} from your phone. If this was not you, call us.`,
  sw: `Bima Portal: tarakimu za kitambulisho zimekosewa mara 3 kwenye ${serviceCode} kwa simu yako. Kama si wewe, tupigie.`,
});
