import {
  type CoverType,
  coverTypeLabel,
  MIN_VEHICLE_VALUE_KES,
  motorPrefillPath,
  parseKenyanPhone,
  sortByPremium,
} from '@bima/domain';
import { type Bilingual, formatAmount } from '../../../lib/language';
import { enqueueSms } from '../../../sms/queue';
import { motorPrivateQuotes } from '../../product/quotes';
import { con, end, fill, USSD_SCREEN_MAX, type UssdContext, type UssdMenu, type UssdReply } from '../menu';
import { USSD_SCREEN } from '../messages';

/*
 * Menu 5, Quote (issue 32): motor private — the vehicle's value, the cover type, then the three
 * cheapest products with their premiums, priced by the portal's own quote grid (`motorPrivateQuotes`,
 * the answer of fetchInsuranceClassReccomendations, in the portal's order `sortByPremium`), so the
 * numbers are the ones the portal shows. "Send me a link" texts the portal's prefill address for the
 * same value and cover type (`motorPrefillPath`), which opens the journey on those quotes. Anyone may
 * ask; nothing here is personal.
 */

/** Every screen's and the text's words; `{name}` is filled by `fill`. */
export const QUOTE_TEXTS = {
  label: { en: 'Get a motor quote', sw: 'Pata bei ya bima ya gari' },
  askValue: {
    en: 'Motor insurance quote\nEnter your car’s value in KES, e.g. 1500000\n0. Back',
    sw: 'Bei ya bima ya gari\nWeka thamani ya gari lako kwa KES, mfano 1500000\n0. Rudi',
  },
  badValue: {
    en: 'Enter the value in whole shillings, digits only, at least {min}.\n0. Back',
    sw: 'Weka thamani kwa shilingi nzima, tarakimu tu, angalau {min}.\n0. Rudi',
  },
  askCover: { en: 'Cover for a car worth {value}:', sw: 'Bima ya gari la thamani ya {value}:' },
  notAChoice: USSD_SCREEN.notAChoice,
  cheapest: { en: 'Cheapest {cover}:', sw: 'Bei nafuu zaidi, {cover}:' },
  options: { en: '1. Send me a link\n2. Finish', sw: '1. Nitumie kiungo\n2. Maliza' },
  none: {
    en: 'No insurer offers this cover for a car of this value here. Try another value or the portal.',
    sw: 'Hakuna bima inayotoa bima hii kwa gari la thamani hii hapa. Jaribu thamani nyingine au tovuti.',
  },
  sent: {
    en: 'We have sent the link by SMS to {phone}. Open it to see the quotes and buy in the portal.',
    sw: 'Tumetuma kiungo kwa SMS kwa {phone}. Kifungue uone bei na ununue kwenye tovuti.',
  },
  finished: { en: 'Thank you for using Bima Portal.', sw: 'Asante kwa kutumia Bima Portal.' },
  sms: {
    en: 'Bima Portal: your {cover} quotes for a {value} car: {link}',
    sw: 'Bima Portal: bei za bima {cover} kwa gari la {value}: {link}',
  },
} as const satisfies Record<string, Bilingual>;

type Texts = typeof QUOTE_TEXTS;

/** The cover types offered, in the order of the screen (1, 2, 3). */
export const USSD_QUOTE_COVERS: readonly CoverType[] = [
  'comprehensive',
  'third-party-fire-theft',
  'third-party',
];

/** The most products named on the quotes screen. */
const SHOWN = 3;
/** The largest value read (KES): the quote contract's limit of 100 billion. */
const MAX_VALUE_KES = 100_000_000_000;

const say = (context: UssdContext, key: keyof Texts, values: Record<string, string | number> = {}) =>
  fill(context.t(QUOTE_TEXTS[key]), values);

const kes = (context: UssdContext, shillings: number) =>
  formatAmount(shillings * 100, context.caller.language);

/** A value as typed on a keypad: digits (spaces and commas allowed), whole shillings; else null. */
function readValue(input: string): number | null {
  const digits = input.replace(/[\s,]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  const value = Number(digits);
  return value >= MIN_VEHICLE_VALUE_KES && value <= MAX_VALUE_KES ? value : null;
}

function coverScreen(context: UssdContext, value: number, notice?: string): UssdReply {
  const lines = USSD_QUOTE_COVERS.map(
    (cover, index) => `${index + 1}. ${coverTypeLabel(cover, context.caller.language)}`,
  );
  const screen = [notice, say(context, 'askCover', { value: kes(context, value) }), ...lines]
    .filter(Boolean)
    .join('\n');
  return con(screen, 'cover', { value });
}

/** The three cheapest, one line each, names shortened until the screen fits. */
function quotesScreen(
  context: UssdContext,
  cover: CoverType,
  quotes: Array<{ productName: string; premium: number }>,
): string {
  const head = say(context, 'cheapest', { cover: coverTypeLabel(cover, context.caller.language) });
  const options = say(context, 'options');
  const build = (nameMax: number) =>
    [
      head,
      ...quotes.map((quote) => {
        const name =
          quote.productName.length <= nameMax
            ? quote.productName
            : `${quote.productName.slice(0, nameMax - 1)}…`;
        return `${name}: ${formatAmount(quote.premium, context.caller.language)}`;
      }),
      options,
    ].join('\n');
  for (let nameMax = 40; nameMax > 8; nameMax -= 2) {
    const screen = build(nameMax);
    if (screen.length <= USSD_SCREEN_MAX) return screen;
  }
  return build(8);
}

export const quoteMenu: UssdMenu = {
  id: 'quote',
  label: QUOTE_TEXTS.label,
  personal: false,
  async start(context) {
    return con(say(context, 'askValue'), 'value');
  },
  async answer(context, step, input) {
    if (step.step === 'value') {
      const value = readValue(input);
      if (value === null)
        return con(say(context, 'badValue', { min: kes(context, MIN_VEHICLE_VALUE_KES) }), 'value');
      return coverScreen(context, value);
    }
    const { value } = step.data as { value: number };
    if (step.step === 'cover') {
      const cover = /^[1-9]$/.test(input) ? USSD_QUOTE_COVERS[Number(input) - 1] : undefined;
      if (!cover) return coverScreen(context, value, say(context, 'notAChoice'));
      // Third-party cover is priced without the car's value, as the portal's journey does.
      const vehicleValue = cover === 'third-party' ? 0 : value * 100;
      const grid = await motorPrivateQuotes(
        context.db,
        { coverType: cover, vehicleValue },
        context.caller.language,
      );
      const cheapest = sortByPremium(grid)
        .filter((quote): quote is typeof quote & { premium: number } => typeof quote.premium === 'number')
        .slice(0, SHOWN);
      if (cheapest.length === 0) return end(say(context, 'none'));
      return con(quotesScreen(context, cover, cheapest), 'quotes', { value, cover });
    }
    if (step.step === 'quotes') {
      const { cover } = step.data as { value: number; cover: CoverType };
      if (input === '2') return end(say(context, 'finished'));
      if (input !== '1')
        return con(`${say(context, 'notAChoice')}\n${say(context, 'options')}`, 'quotes', step.data);
      const link = `${context.services.publicBaseUrl}${motorPrefillPath({ coverType: cover, value })}`;
      const text = say(context, 'sms', {
        cover: coverTypeLabel(cover, context.caller.language).toLowerCase(),
        value: kes(context, value),
        link,
      });
      // One text per session however often the network repeats the answer.
      await enqueueSms(context.db, {
        to: context.caller.phone,
        text,
        kind: 'ussd_link',
        userId: context.caller.client?.userId ?? null,
        dedupeKey: `ussd_link:${context.sessionId}`,
      });
      const phone = parseKenyanPhone(context.caller.phone)?.local ?? context.caller.phone;
      return end(say(context, 'sent', { phone }));
    }
    return quoteMenu.start(context);
  },
};
