import { type Bilingual, formatDay } from '../../../lib/language';
import { getPolicy, listPolicies } from '../../policy/service';
import { con, end, type UssdContext, type UssdMenu, type UssdReply } from '../menu';

/** Policies a screen lists (each on one line, with the title and "9. More", "0. Back" within 182 characters). */
export const POLICIES_PER_SCREEN = 3;
const MORE = '9';

/** How a policy's state reads on a screen (the portal's policy states). */
export const POLICY_STATE_WORDS: Record<string, Bilingual> = {
  ACTIVE: { en: 'active', sw: 'inatumika' },
  EXPIRED: { en: 'expired', sw: 'imekwisha' },
  LAPSED: { en: 'lapsed', sw: 'imesitishwa' },
  CANCELLED: { en: 'cancelled', sw: 'imefutwa' },
};

export const POLICIES_SCREEN = {
  label: { en: 'My policies', sw: 'Bima zangu' },
  none: {
    en: 'You have no policies yet. Get a quote by dialling again and choosing 5, or at bimaportal.co.ke.',
    sw: 'Bado huna bima. Pata bei kwa kupiga tena na kuchagua 5, au kwenye bimaportal.co.ke.',
  },
  title: (page: number, pages: number): Bilingual => ({
    en: `My policies (${page}/${pages}). Choose one:`,
    sw: `Bima zangu (${page}/${pages}). Chagua moja:`,
  }),
  line: (number: number, reference: string, state: Bilingual, ends: string): Bilingual => ({
    en: `${number}. ${reference}: ${state.en} to ${ends}`,
    sw: `${number}. ${reference}: ${state.sw} hadi ${ends}`,
  }),
  more: { en: '9. More', sw: '9. Zaidi' },
  back: { en: '0. Back', sw: '0. Rudi' },
  detail: (options: {
    policyNumber: string;
    reference: string;
    insurer: string;
    state: Bilingual;
    ends: Bilingual;
    certificate: string | null;
  }): Bilingual => ({
    en: [
      `Policy ${options.policyNumber}`,
      options.reference,
      `Insurer: ${options.insurer}`,
      `State: ${options.state.en}`,
      `Ends: ${options.ends.en}`,
      ...(options.certificate ? [`Certificate ${options.certificate}`] : []),
    ].join('\n'),
    sw: [
      `Bima ${options.policyNumber}`,
      options.reference,
      `Kampuni: ${options.insurer}`,
      `Hali: ${options.state.sw}`,
      `Inaisha: ${options.ends.sw}`,
      ...(options.certificate ? [`Cheti ${options.certificate}`] : []),
    ].join('\n'),
  }),
} as const;

const REFERENCE_MAX = 16;
const INSURER_MAX = 40;

/** 2. My policies (a client's verified phone, after the ID check): each policy's state and end date, a page at a time. */
export const policiesMenu: UssdMenu = {
  id: 'policies',
  label: POLICIES_SCREEN.label,
  personal: true,
  start: (context) => showPage(context, 1),
  answer: async (context, step, input) => {
    const page = typeof step.data.page === 'number' ? step.data.page : 1;
    const pages = typeof step.data.pages === 'number' ? step.data.pages : 1;
    if (input === MORE && page < pages) return showPage(context, page + 1);
    const choice = Number(input);
    const shown = Array.isArray(step.data.ids) ? (step.data.ids as number[]) : [];
    const id = Number.isInteger(choice) && choice >= 1 ? shown[choice - 1] : undefined;
    if (id === undefined) return showPage(context, page);
    return showPolicy(context, id);
  },
};

type PolicyItem = Awaited<ReturnType<typeof pageOf>>['items'][number];

async function pageOf(context: UssdContext, page: number) {
  const client = context.caller.client;
  if (!client) return { items: [], total: 0, totalPages: 1, page: 1 };
  const result = await listPolicies(context.db, client.userId, { page, pageSize: POLICIES_PER_SCREEN });
  if (Array.isArray(result)) return { items: result, total: result.length, totalPages: 1, page: 1 };
  return result;
}

async function showPage(context: UssdContext, page: number): Promise<UssdReply> {
  const list = await pageOf(context, page);
  if (list.total === 0) return end(context.t(POLICIES_SCREEN.none));
  const lines = [
    context.t(POLICIES_SCREEN.title(list.page, list.totalPages)),
    ...list.items.map((policy, index) =>
      context.t(
        POLICIES_SCREEN.line(index + 1, referenceOf(policy), stateOf(policy), shortDay(policy.endDate)),
      ),
    ),
    ...(list.page < list.totalPages ? [context.t(POLICIES_SCREEN.more)] : []),
    context.t(POLICIES_SCREEN.back),
  ];
  return con(lines.join('\n'), 'list', {
    page: list.page,
    pages: list.totalPages,
    ids: list.items.map((policy) => policy.id),
  });
}

async function showPolicy(context: UssdContext, id: number): Promise<UssdReply> {
  const client = context.caller.client;
  // The client's own policies only: anyone else's is not found.
  const policy = client ? await getPolicy(context.db, client.userId, { id }).catch(() => null) : null;
  if (!policy) return showPage(context, 1);
  return end(
    context.t(
      POLICIES_SCREEN.detail({
        policyNumber: policy.policyNumber,
        reference: `${referenceOf(policy)} ${policy.className}`.slice(0, REFERENCE_MAX + 30),
        insurer: policy.underwriter.slice(0, INSURER_MAX),
        state: stateOf(policy),
        ends: { en: formatDay(policy.endDate, 'en'), sw: formatDay(policy.endDate, 'sw') },
        certificate: policy.certificateNumber ?? null,
      }),
    ),
  );
}

/** What the policy covers in a few characters: its plate, else its class. */
function referenceOf(policy: Pick<PolicyItem, 'riskReference' | 'className'>): string {
  const value = policy.riskReference.value;
  return (value && value !== 'N/A' ? value : policy.className).slice(0, REFERENCE_MAX);
}

function stateOf(policy: Pick<PolicyItem, 'status'>): Bilingual {
  return (
    POLICY_STATE_WORDS[policy.status] ?? { en: policy.status.toLowerCase(), sw: policy.status.toLowerCase() }
  );
}

/** 2027-01-05 → 05/01/2027, as Kenyans write a day. */
function shortDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}
