import { formatAmount, formatDay, type Language } from '../lib/language';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Every template's words in both languages: the type makes a template without Swahili fail to compile. */
type InBoth<T> = Record<Language, T>;

const FOOTER: InBoth<string> = {
  en: 'You received this e-mail because of an action on Bima Portal. If it was not you, you can ignore it.',
  sw: 'Umepokea barua pepe hii kwa sababu ya kitendo kilichofanyika kwenye Bima Portal. Ikiwa si wewe, unaweza kuipuuza.',
};

function layout(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:24px">
<tr><td><p style="font-size:18px;font-weight:bold;color:#065f46;margin:0 0 16px">Bima Portal</p>
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#475569;margin-top:24px">${escapeHtml(FOOTER[language])}</p>
</td></tr></table></td></tr></table></body></html>`;
}

function codeBlock(code: string): string {
  return `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>`;
}

function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="background:#065f46;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

/** "Hello Amina," — or "Hello," without a name. */
function greeting(language: Language, firstName: string): string {
  const hello = language === 'sw' ? 'Habari' : 'Hello';
  return firstName ? `${hello} ${firstName},` : `${hello},`;
}

/** The sign-up code e-mail. */
export function registrationCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
  language: Language;
}): EmailMessage {
  const { to, firstName, code, minutes, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: `Your Bima Portal verification code: ${code}`,
      text: `${hello}\n\nYour Bima Portal verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not create an account, ignore this e-mail.\n`,
      html: layout(
        'en',
        'Verify your e-mail',
        `<p>${escapeHtml(hello)}</p><p>Your verification code is:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes.</p>`,
      ),
    },
    sw: {
      to,
      subject: `Msimbo wako wa uthibitishaji wa Bima Portal: ${code}`,
      text: `${hello}\n\nMsimbo wako wa uthibitishaji wa Bima Portal ni ${code}. Utakwisha muda baada ya dakika ${minutes}.\n\nIkiwa hukufungua akaunti, puuza barua pepe hii.\n`,
      html: layout(
        'sw',
        'Thibitisha barua pepe yako',
        `<p>${escapeHtml(hello)}</p><p>Msimbo wako wa uthibitishaji ni:</p>${codeBlock(code)}<p>Utakwisha muda baada ya dakika ${minutes}.</p>`,
      ),
    },
  };
  return words[language];
}

/** The password-reset code e-mail. */
export function passwordResetCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
  language: Language;
  /** The reset page with the reference and its secret key: the code is checked only there. */
  link: string;
}): EmailMessage {
  const { to, firstName, code, minutes, language, link } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: `Your Bima Portal password reset code: ${code}`,
      text: `${hello}\n\nTo reset your Bima Portal password, open this link and enter the code ${code}:\n${link}\n\nBoth expire in ${minutes} minutes. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n`,
      html: layout(
        'en',
        'Reset your password',
        `<p>${escapeHtml(hello)}</p><p>Open this link, then enter the code below:</p>${button(link, 'Reset my password')}${codeBlock(code)}<p>Both expire in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`,
      ),
    },
    sw: {
      to,
      subject: `Msimbo wako wa kubadilisha nenosiri la Bima Portal: ${code}`,
      text: `${hello}\n\nIli kubadilisha nenosiri lako la Bima Portal, fungua kiungo hiki na uweke msimbo ${code}:\n${link}\n\nVyote vitakwisha muda baada ya dakika ${minutes}. Ikiwa hukuomba kubadilisha nenosiri lako, puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.\n`,
      html: layout(
        'sw',
        'Badilisha nenosiri lako',
        `<p>${escapeHtml(hello)}</p><p>Fungua kiungo hiki, kisha uweke msimbo ulio hapa chini:</p>${button(link, 'Badilisha nenosiri langu')}${codeBlock(code)}<p>Vyote vitakwisha muda baada ya dakika ${minutes}. Ikiwa hukuuomba, puuza barua pepe hii.</p>`,
      ),
    },
  };
  return words[language];
}

/**
 * The policy e-mail, with the schedule and receipt attached, and the motor certificate when the
 * policy has one (`hasCertificate`). Dates are Kenyan calendar days (YYYY-MM-DD).
 */
export function policyIssuedEmail(options: {
  to: string;
  firstName: string;
  policyNumber: string;
  productName: string;
  startDate: string;
  endDate: string;
  attachments: EmailAttachment[];
  hasCertificate?: boolean;
  language: Language;
}): EmailMessage {
  const { to, firstName, policyNumber, productName, attachments, language } = options;
  const hello = greeting(language, firstName);
  const startDate = formatDay(options.startDate, language);
  const endDate = formatDay(options.endDate, language);
  const words = {
    en: {
      subject: `Your policy ${policyNumber} is active`,
      title: 'Your policy is active',
      thanks: 'Thank you for your payment.',
      covers: (product: string, policy: string) =>
        `Your ${product} policy ${policy} covers you from ${startDate} to ${endDate}.`,
      attached:
        'The policy schedule and your payment receipt are attached, and always available in your Bima Portal account.',
      certificate: 'Your motor certificate of insurance is attached too.',
    },
    sw: {
      subject: `Sera yako ya bima ${policyNumber} sasa inatumika`,
      title: 'Sera yako ya bima sasa inatumika',
      thanks: 'Asante kwa malipo yako.',
      covers: (product: string, policy: string) =>
        `Sera yako ya bima ya ${product} nambari ${policy} inakulinda kuanzia ${startDate} hadi ${endDate}.`,
      attached:
        'Ratiba ya sera na risiti ya malipo yako zimeambatishwa, na zinapatikana wakati wowote kwenye akaunti yako ya Bima Portal.',
      certificate: 'Cheti chako cha bima ya gari pia kimeambatishwa.',
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  const certificate = options.hasCertificate ? w.certificate : '';
  return {
    to,
    subject: w.subject,
    text: `${hello}\n\n${w.thanks} ${w.covers(productName, policyNumber)}\n\n${w.attached}${certificate ? ` ${certificate}` : ''}\n`,
    html: layout(
      language,
      w.title,
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(w.thanks)} ${w.covers(`<strong>${escapeHtml(productName)}</strong>`, `<strong>${escapeHtml(policyNumber)}</strong>`)}</p><p>${escapeHtml(w.attached)}${certificate ? ` ${escapeHtml(certificate)}` : ''}</p>`,
    ),
    attachments,
  };
}

const STAFF_ROLE_NAMES: InBoth<Record<string, string>> = {
  en: {
    intermediary: 'intermediary',
    underwriter: 'underwriter',
    admin: 'administrator',
    lender: 'lender',
  },
  sw: {
    intermediary: 'mpatanishi wa bima',
    underwriter: 'mwakilishi wa kampuni ya bima',
    admin: 'msimamizi',
    lender: 'mkopeshaji',
  },
};

/**
 * A staff invitation: the code and the invitation reference, which the invitee enters with a new
 * password on the accept-invitation page (`user / registration / acceptInvitation`).
 */
export function staffInvitationEmail(options: {
  to: string;
  firstName: string;
  code: string;
  hours: number;
  role: string;
  organisation: string | null;
  invitationRef: string;
  acceptUrl: string;
  language: Language;
}): EmailMessage {
  const { to, firstName, code, hours, role, organisation, invitationRef, acceptUrl, language } = options;
  const roleName = STAFF_ROLE_NAMES[language][role] ?? role;
  const hello = greeting(language, firstName);
  const words = {
    en: {
      subject: `Your Bima Portal invitation code: ${code}`,
      title: 'You are invited to Bima Portal',
      codeIs: `Your invitation code is ${code}.`,
      invited: `You have been invited to Bima Portal as ${roleName}${organisation ? ` for ${organisation}` : ''}.`,
      open: `Open ${acceptUrl} and choose your password. The link works for ${hours} hours and only once.`,
      enter: `Choose your password on the page the button opens. The link works for ${hours} hours and only once.`,
      yourCode: 'Your invitation code is:',
      reference: `Invitation reference: ${invitationRef}`,
      accept: 'Accept the invitation',
      ignore: 'If you did not expect this invitation, ignore this e-mail.',
    },
    sw: {
      subject: `Nambari yako ya mwaliko wa Bima Portal: ${code}`,
      title: 'Umealikwa kwenye Bima Portal',
      codeIs: `Nambari yako ya mwaliko ni ${code}.`,
      invited: `Umealikwa kwenye Bima Portal kama ${roleName}${organisation ? ` wa ${organisation}` : ''}.`,
      open: `Fungua ${acceptUrl} kisha uchague nenosiri lako. Kiungo hiki kinatumika kwa saa ${hours} na mara moja tu.`,
      enter: `Chagua nenosiri lako kwenye ukurasa unaofunguliwa na kitufe. Kiungo hiki kinatumika kwa saa ${hours} na mara moja tu.`,
      yourCode: 'Nambari yako ya mwaliko ni:',
      reference: `Kumbukumbu ya mwaliko: ${invitationRef}`,
      accept: 'Kubali mwaliko',
      ignore: 'Ikiwa hukutarajia mwaliko huu, puuza barua pepe hii.',
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  return {
    to,
    subject: w.subject,
    text: `${hello}\n\n${w.codeIs}\n\n${w.invited} ${w.open}\n\n${w.reference}\n\n${w.ignore}\n`,
    html: layout(
      language,
      w.title,
      `${paragraph(hello)}${paragraph(`${w.invited} ${w.yourCode}`)}${codeBlock(code)}${button(acceptUrl, w.accept)}${paragraph(w.enter)}<p style="font-size:12px;color:#475569">${escapeHtml(w.reference)}</p>`,
    ),
  };
}

/** The code a signed-out visitor enters to send a help request from this e-mail address. */
export function helpRequestCodeEmail(options: {
  to: string;
  code: string;
  minutes: number;
  language: Language;
}): EmailMessage {
  const { to, code, minutes, language } = options;
  const hello = greeting(language, '');
  const words = {
    en: {
      subject: `Your Bima Portal verification code: ${code}`,
      title: 'Confirm your e-mail address',
      text: `Your verification code is ${code}. Enter it to send your request for help to the intermediaries you chose. It expires in ${minutes} minutes.`,
      enter: 'Enter this code to send your request for help to the intermediaries you chose:',
      expires: `It expires in ${minutes} minutes.`,
      ignore: 'If you did not ask for help on Bima Portal, ignore this e-mail.',
    },
    sw: {
      subject: `Msimbo wako wa uthibitishaji wa Bima Portal: ${code}`,
      title: 'Thibitisha anwani yako ya barua pepe',
      text: `Msimbo wako wa uthibitishaji ni ${code}. Uweke ili kutuma ombi lako la msaada kwa wapatanishi uliowachagua. Utakwisha muda baada ya dakika ${minutes}.`,
      enter: 'Weka msimbo huu ili kutuma ombi lako la msaada kwa wapatanishi uliowachagua:',
      expires: `Utakwisha muda baada ya dakika ${minutes}.`,
      ignore: 'Ikiwa hukuomba msaada kwenye Bima Portal, puuza barua pepe hii.',
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  return {
    to,
    subject: w.subject,
    text: `${hello}\n\n${w.text}\n\n${w.ignore}\n`,
    html: layout(
      language,
      w.title,
      `${paragraph(hello)}${paragraph(w.enter)}${codeBlock(code)}${paragraph(w.expires)}`,
    ),
  };
}

/** A help request as the e-mails show it: amounts in cents, the answer-by date as YYYY-MM-DD. */
export interface HelpRequestSummary {
  requestSystemRef: string;
  clientName: string;
  clientEmail: string;
  /** Cents. */
  vehicleValue: number;
  regNo: string;
  chassisNumber: string;
  expiry: string;
  remarks: string;
}

const SUMMARY_LABELS = {
  en: {
    reference: 'Reference',
    client: 'Client',
    email: 'E-mail',
    value: 'Vehicle value',
    regNo: 'Registration number',
    chassis: 'Chassis number',
    expiry: 'Answer by',
    query: 'Query',
  },
  sw: {
    reference: 'Kumbukumbu',
    client: 'Mteja',
    email: 'Barua pepe',
    value: 'Thamani ya gari',
    regNo: 'Nambari ya usajili',
    chassis: 'Nambari ya chasisi',
    expiry: 'Jibu kabla ya',
    query: 'Swali',
  },
} satisfies InBoth<unknown>;

function summaryLines(summary: HelpRequestSummary, language: Language): Array<[string, string]> {
  const labels = SUMMARY_LABELS[language];
  return [
    [labels.reference, summary.requestSystemRef],
    [labels.client, summary.clientName],
    [labels.email, summary.clientEmail],
    [labels.value, formatAmount(summary.vehicleValue, language)],
    [labels.regNo, summary.regNo],
    [labels.chassis, summary.chassisNumber],
    [labels.expiry, formatDay(summary.expiry, language)],
  ];
}

function summaryTable(summary: HelpRequestSummary, language: Language): string {
  const rows = summaryLines(summary, language)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0">${rows}</table><p style="white-space:pre-wrap;background:#f8fafc;padding:12px;border-radius:8px">${escapeHtml(summary.remarks)}</p>`;
}

function summaryText(summary: HelpRequestSummary, language: Language): string {
  return `${summaryLines(summary, language)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n')}\n\n${SUMMARY_LABELS[language].query}:\n${summary.remarks}`;
}

/** To an intermediary: a client asks for help; the link opens the request in the staff inbox. */
export function helpRequestToIntermediaryEmail(options: {
  to: string;
  intermediaryNames: string;
  summary: HelpRequestSummary;
  requestUrl: string;
  language: Language;
  /** The last request e-mail of the firm's hour (HELP_REQUEST_EMAILS_PER_FIRM_PER_HOUR): says the rest wait in the inbox. */
  lastOfTheHour?: boolean;
}): EmailMessage {
  const { to, intermediaryNames, summary, requestUrl, language } = options;
  const hello = greeting(language, intermediaryNames);
  const words = {
    en: {
      subject: `New quotation request ${summary.requestSystemRef} on Bima Portal`,
      title: 'New quotation request',
      asks: 'A client asks you for a motor insurance quotation through Bima Portal.',
      open: 'Open the request',
      pause:
        'You will get no e-mail about further new requests for up to an hour: they wait in your inbox on Bima Portal, with a notification in the app.',
    },
    sw: {
      subject: `Ombi jipya la nukuu ${summary.requestSystemRef} kwenye Bima Portal`,
      title: 'Ombi jipya la nukuu',
      asks: 'Mteja anakuomba nukuu ya bima ya gari kupitia Bima Portal.',
      open: 'Fungua ombi',
      pause:
        'Hutapokea barua pepe kuhusu maombi mapya zaidi kwa hadi saa moja: yatakusubiri kwenye kikasha chako cha Bima Portal, pamoja na arifa ndani ya programu.',
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  const pause = options.lastOfTheHour ? w.pause : null;
  return {
    to,
    subject: w.subject,
    text: `${hello}\n\n${w.asks}\n\n${summaryText(summary, language)}\n\n${w.open}: ${requestUrl}\n${pause ? `\n${pause}\n` : ''}`,
    html: layout(
      language,
      w.title,
      `${paragraph(hello)}${paragraph(w.asks)}${summaryTable(summary, language)}${button(requestUrl, w.open)}${pause ? paragraph(pause) : ''}`,
    ),
  };
}

/** To the client: the request went to the intermediaries named. */
export function helpRequestConfirmationEmail(options: {
  to: string;
  firstName: string;
  summary: HelpRequestSummary;
  intermediaryNames: string[];
  language: Language;
}): EmailMessage {
  const { to, firstName, summary, intermediaryNames, language } = options;
  const list = intermediaryNames.join(', ');
  const hello = greeting(language, firstName);
  const words = {
    en: {
      subject: `We sent your request ${summary.requestSystemRef}`,
      title: 'Request submitted',
      sent: `Your quotation request has been successfully submitted to: ${list}. They will contact you at this e-mail address.`,
    },
    sw: {
      subject: `Tumetuma ombi lako ${summary.requestSystemRef}`,
      title: 'Ombi limetumwa',
      sent: `Ombi lako la nukuu limetumwa kwa mafanikio kwa: ${list}. Watawasiliana nawe kupitia anwani hii ya barua pepe.`,
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  return {
    to,
    subject: w.subject,
    text: `${hello}\n\n${w.sent}\n\n${summaryText(summary, language)}\n`,
    html: layout(
      language,
      w.title,
      `${paragraph(hello)}${paragraph(w.sent)}${summaryTable(summary, language)}`,
    ),
  };
}

/** To the client: an intermediary recommends products; the link opens the recommendation (after sign-in). */
export function recommendationEmail(options: {
  to: string;
  firstName: string;
  intermediaryNames: string;
  requestSystemRef: string;
  note: string;
  /** Premiums in cents. */
  products: Array<{ productName: string; underwriter: string; premium: number }>;
  reviewUrl: string;
  /** The client has no password yet: they sign up with this e-mail to read it. */
  needsAccount?: boolean;
  language: Language;
}): EmailMessage {
  const { to, firstName, intermediaryNames, requestSystemRef, note, products, reviewUrl, language } = options;
  const hello = greeting(language, firstName);
  const words = {
    en: {
      subject: `${intermediaryNames} sent you a recommendation for ${requestSystemRef}`,
      title: 'Your recommendation is ready',
      answered: `${intermediaryNames} answered your quotation request ${requestSystemRef}:`,
      note: 'Their note:',
      signUp: `To read it, sign up on Bima Portal with this e-mail address (${to}); the recommendation is waiting in your account.`,
      review: 'Review and accept it',
      button: 'Review the recommendation',
    },
    sw: {
      subject: `${intermediaryNames} amekutumia pendekezo la ${requestSystemRef}`,
      title: 'Pendekezo lako liko tayari',
      answered: `${intermediaryNames} amejibu ombi lako la nukuu ${requestSystemRef}:`,
      note: 'Maelezo yao:',
      signUp: `Ili kulisoma, jisajili kwenye Bima Portal kwa anwani hii ya barua pepe (${to}); pendekezo linakusubiri kwenye akaunti yako.`,
      review: 'Lipitie na ulikubali',
      button: 'Pitia pendekezo',
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  const signUp = options.needsAccount ? w.signUp : '';
  const lines = products.map(
    (product) =>
      `${product.productName} (${product.underwriter}): ${formatAmount(product.premium, language)}`,
  );
  return {
    to,
    subject: w.subject,
    text: `${hello}\n\n${w.answered}\n\n${lines.join('\n')}\n\n${w.note}\n${note}\n\n${signUp ? `${signUp}\n\n` : ''}${w.review}: ${reviewUrl}\n`,
    html: layout(
      language,
      w.title,
      `${paragraph(hello)}${paragraph(w.answered)}<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul><p style="white-space:pre-wrap;background:#f8fafc;padding:12px;border-radius:8px">${escapeHtml(note)}</p>${signUp ? paragraph(signUp) : ''}${button(reviewUrl, w.button)}`,
    ),
  };
}

/**
 * A notification by e-mail: its title, its sentence or two (already in `language`) and a link to
 * the thing it is about.
 */
export function notificationEmail(options: {
  to: string;
  firstName: string;
  title: string;
  body: string;
  url: string | null;
  profileUrl: string;
  language: Language;
}): EmailMessage {
  const { to, firstName, title, body, url, profileUrl, language } = options;
  const hello = greeting(language, firstName);
  const words = {
    en: {
      open: 'Open it on Bima Portal',
      button: 'Open on Bima Portal',
      switchOff: 'You can switch these e-mails off in your profile',
      switchOffHtml: (link: string) => `You can switch these e-mails off in ${link}.`,
      profile: 'your profile',
    },
    sw: {
      open: 'Ifungue kwenye Bima Portal',
      button: 'Fungua kwenye Bima Portal',
      switchOff: 'Unaweza kuzima barua pepe hizi kwenye wasifu wako',
      switchOffHtml: (link: string) => `Unaweza kuzima barua pepe hizi kwenye ${link}.`,
      profile: 'wasifu wako',
    },
  } satisfies InBoth<unknown>;
  const w = words[language];
  return {
    to,
    subject: title,
    text: `${hello}\n\n${body}\n\n${url ? `${w.open}: ${url}\n\n` : ''}${w.switchOff}: ${profileUrl}\n`,
    html: layout(
      language,
      title,
      `${paragraph(hello)}${paragraph(body)}${url ? button(url, w.button) : ''}<p style="font-size:12px;color:#475569">${w.switchOffHtml(`<a href="${escapeHtml(profileUrl)}">${escapeHtml(w.profile)}</a>`)}</p>`,
    ),
  };
}

/** "Tell me when it's available": the confirmation, the first time someone asks about a product. */
export function productInterestEmail(options: {
  to: string;
  productName: string;
  homeUrl: string;
  language: Language;
}): EmailMessage {
  const { productName, language } = options;
  const words: InBoth<Omit<PlainMessage, 'to' | 'url'>> = {
    en: {
      subject: `We will tell you when ${productName} is available`,
      lines: [
        `Thank you for your interest in ${productName} on Bima Portal.`,
        'We will send you one e-mail when you can get a quote and buy it online. Nothing else.',
      ],
      label: 'See what you can buy today',
    },
    sw: {
      subject: `Tutakujulisha ${productName} itakapopatikana`,
      lines: [
        `Asante kwa kupendezwa na ${productName} kwenye Bima Portal.`,
        'Tutakutumia barua pepe moja tu utakapoweza kupata nukuu na kuinunua mtandaoni. Hakuna kingine.',
      ],
      label: 'Angalia unachoweza kununua leo',
    },
  };
  return plainMessage(language, { to: options.to, url: options.homeUrl, ...words[language] });
}

/** "Tell me when it's available": the news that the product is live. */
export function productAvailableEmail(options: {
  to: string;
  productName: string;
  quoteUrl: string;
  language: Language;
}): EmailMessage {
  const { productName, language } = options;
  const words: InBoth<Omit<PlainMessage, 'to' | 'url'>> = {
    en: {
      subject: `${productName} is now available`,
      lines: [`${productName} is now available on Bima Portal: get a quote and buy it online.`],
      label: `Get a ${productName} quote`,
    },
    sw: {
      subject: `${productName} sasa inapatikana`,
      lines: [`${productName} sasa inapatikana kwenye Bima Portal: pata nukuu na uinunue mtandaoni.`],
      label: `Pata nukuu ya ${productName}`,
    },
  };
  return plainMessage(language, { to: options.to, url: options.quoteUrl, ...words[language] });
}

/** A new link to set the password of an account created for the person (an expired one asked again). */
export function passwordSetupLinkEmail(options: {
  to: string;
  firstName: string;
  url: string;
  hours: number;
  language: Language;
}): EmailMessage {
  const { firstName, hours, language } = options;
  const words: InBoth<Omit<PlainMessage, 'to' | 'url'>> = {
    en: {
      subject: 'Set your Bima Portal password',
      lines: [
        greeting('en', firstName),
        `Here is a new link to set the password of your Bima Portal account. It works for ${hours} hours and only once.`,
        'If you did not ask for it, ignore this e-mail.',
      ],
      label: 'Set your password',
    },
    sw: {
      subject: 'Weka nenosiri lako la Bima Portal',
      lines: [
        greeting('sw', firstName),
        `Hiki ni kiungo kipya cha kuweka nenosiri la akaunti yako ya Bima Portal. Kinatumika kwa saa ${hours} na mara moja tu.`,
        'Ikiwa hukuomba kiungo hiki, puuza barua pepe hii.',
      ],
      label: 'Weka nenosiri lako',
    },
  };
  return plainMessage(language, { to: options.to, url: options.url, ...words[language] });
}

interface PlainMessage {
  to: string;
  subject: string;
  lines: string[];
  url: string;
  label: string;
}

/** A plain message with one link. */
function plainMessage(language: Language, message: PlainMessage): EmailMessage {
  const { to, subject, lines, url, label } = message;
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${label}: ${url}\n`,
    html: layout(language, subject, `${lines.map(paragraph).join('')}${button(url, label)}`),
  };
}

/** The code that confirms a new e-mail address, sent to the new address. */
export function emailChangeCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
  language: Language;
}): EmailMessage {
  const { to, firstName, code, minutes, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: `Confirm your new Bima Portal e-mail: ${code}`,
      text: `${hello}\n\nEnter the code ${code} in your Bima Portal profile to make this your account's e-mail address. It expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this e-mail: nothing changes.\n`,
      html: layout(
        'en',
        'Confirm your new e-mail',
        `<p>${escapeHtml(hello)}</p><p>Enter this code in your profile to make this your account's e-mail address:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail.</p>`,
      ),
    },
    sw: {
      to,
      subject: `Thibitisha barua pepe yako mpya ya Bima Portal: ${code}`,
      text: `${hello}\n\nWeka msimbo ${code} kwenye wasifu wako wa Bima Portal ili anwani hii iwe barua pepe ya akaunti yako. Utakwisha muda baada ya dakika ${minutes}.\n\nIkiwa hukuomba hili, puuza barua pepe hii: hakuna kitakachobadilika.\n`,
      html: layout(
        'sw',
        'Thibitisha barua pepe yako mpya',
        `<p>${escapeHtml(hello)}</p><p>Weka msimbo huu kwenye wasifu wako ili anwani hii iwe barua pepe ya akaunti yako:</p>${codeBlock(code)}<p>Utakwisha muda baada ya dakika ${minutes}. Ikiwa hukuomba hili, puuza barua pepe hii.</p>`,
      ),
    },
  };
  return words[language];
}

/** The notice to the old address once the account's e-mail has changed. */
export function emailChangedNoticeEmail(options: {
  to: string;
  firstName: string;
  newEmail: string;
  language: Language;
}): EmailMessage {
  const { to, firstName, newEmail, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: 'Your Bima Portal e-mail address was changed',
      text: `${hello}\n\nYour Bima Portal account now uses the e-mail address ${newEmail}; sign in with it from now on.\n\nIf you did not make this change, contact Bima Portal support at once.\n`,
      html: layout(
        'en',
        'Your e-mail address was changed',
        `<p>${escapeHtml(hello)}</p><p>Your account now uses the e-mail address <strong>${escapeHtml(newEmail)}</strong>; sign in with it from now on.</p><p>If you did not make this change, contact Bima Portal support at once.</p>`,
      ),
    },
    sw: {
      to,
      subject: 'Barua pepe ya akaunti yako ya Bima Portal imebadilishwa',
      text: `${hello}\n\nAkaunti yako ya Bima Portal sasa inatumia barua pepe ${newEmail}; ingia kwa anwani hiyo kuanzia sasa.\n\nIkiwa hukufanya mabadiliko haya, wasiliana na huduma kwa wateja ya Bima Portal mara moja.\n`,
      html: layout(
        'sw',
        'Barua pepe yako imebadilishwa',
        `<p>${escapeHtml(hello)}</p><p>Akaunti yako sasa inatumia barua pepe <strong>${escapeHtml(newEmail)}</strong>; ingia kwa anwani hiyo kuanzia sasa.</p><p>Ikiwa hukufanya mabadiliko haya, wasiliana na huduma kwa wateja ya Bima Portal mara moja.</p>`,
      ),
    },
  };
  return words[language];
}

/** The notice that the account's password was changed from the profile. */
export function passwordChangedEmail(options: {
  to: string;
  firstName: string;
  language: Language;
}): EmailMessage {
  const { to, firstName, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: 'Your Bima Portal password was changed',
      text: `${hello}\n\nThe password of your Bima Portal account was changed and your other devices were signed out.\n\nIf you did not make this change, reset your password at once with "Forgot Password?".\n`,
      html: layout(
        'en',
        'Your password was changed',
        `<p>${escapeHtml(hello)}</p><p>The password of your account was changed and your other devices were signed out.</p><p>If you did not make this change, reset your password at once with "Forgot Password?".</p>`,
      ),
    },
    sw: {
      to,
      subject: 'Nenosiri lako la Bima Portal limebadilishwa',
      text: `${hello}\n\nNenosiri la akaunti yako ya Bima Portal limebadilishwa na vifaa vyako vingine vimeondolewa.\n\nIkiwa hukufanya mabadiliko haya, badilisha nenosiri lako mara moja kwa "Umesahau Nenosiri?".\n`,
      html: layout(
        'sw',
        'Nenosiri lako limebadilishwa',
        `<p>${escapeHtml(hello)}</p><p>Nenosiri la akaunti yako limebadilishwa na vifaa vyako vingine vimeondolewa.</p><p>Ikiwa hukufanya mabadiliko haya, badilisha nenosiri lako mara moja kwa "Umesahau Nenosiri?".</p>`,
      ),
    },
  };
  return words[language];
}

/** To the owner, once per pause: too many wrong codes today, so the account's codes are paused for a day. */
export function codesPausedEmail(options: {
  to: string;
  firstName: string;
  language: Language;
}): EmailMessage {
  const { to, firstName, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: 'Codes for your Bima Portal account are paused for a day',
      text: `${hello}\n\nSomeone entered too many wrong codes for your Bima Portal account today (password reset, sign-up or a change of e-mail or phone). To keep your account safe, no code for it will be accepted for the next 24 hours. Your password has not changed and you can still sign in with it.\n\nIf this was not you, no action is needed; if you forgot your password, try again tomorrow.\n`,
      html: layout(
        'en',
        'Codes are paused for a day',
        `<p>${escapeHtml(hello)}</p><p>Someone entered too many wrong codes for your account today (password reset, sign-up or a change of e-mail or phone). To keep your account safe, no code for it will be accepted for the next 24 hours.</p><p>Your password has not changed and you can still sign in with it. If you forgot your password, try again tomorrow.</p>`,
      ),
    },
    sw: {
      to,
      subject: 'Misimbo ya akaunti yako ya Bima Portal imesimamishwa kwa siku moja',
      text: `${hello}\n\nMtu ameweka misimbo mingi isiyo sahihi kwa akaunti yako ya Bima Portal leo (kubadilisha nenosiri, kujisajili au kubadilisha barua pepe au simu). Ili kulinda akaunti yako, hakuna msimbo utakaokubaliwa kwa saa 24 zijazo. Nenosiri lako halijabadilika na bado unaweza kuingia nalo.\n\nIkiwa si wewe, hakuna unachohitaji kufanya; ikiwa umesahau nenosiri lako, jaribu tena kesho.\n`,
      html: layout(
        'sw',
        'Misimbo imesimamishwa kwa siku moja',
        `<p>${escapeHtml(hello)}</p><p>Mtu ameweka misimbo mingi isiyo sahihi kwa akaunti yako leo (kubadilisha nenosiri, kujisajili au kubadilisha barua pepe au simu). Ili kulinda akaunti yako, hakuna msimbo utakaokubaliwa kwa saa 24 zijazo.</p><p>Nenosiri lako halijabadilika na bado unaweza kuingia nalo. Ikiwa umesahau nenosiri lako, jaribu tena kesho.</p>`,
      ),
    },
  };
  return words[language];
}

/** To an existing account when someone signs up with its address: no code, a pointer to sign in. */
export function signUpAttemptEmail(options: {
  to: string;
  firstName: string;
  language: Language;
}): EmailMessage {
  const { to, firstName, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: 'Someone tried to sign up to Bima Portal with your address',
      text: `${hello}\n\nSomeone tried to create a Bima Portal account with this e-mail address, which already has an account. If it was you, sign in, or reset your password with "Forgot Password?".\n\nIf it was not you, you can ignore this e-mail: nothing has changed on your account.\n`,
      html: layout(
        'en',
        'You already have an account',
        `<p>${escapeHtml(hello)}</p><p>Someone tried to create a Bima Portal account with this e-mail address, which already has an account. If it was you, sign in, or reset your password with "Forgot Password?".</p><p>If it was not you, you can ignore this e-mail: nothing has changed on your account.</p>`,
      ),
    },
    sw: {
      to,
      subject: 'Mtu amejaribu kujisajili kwenye Bima Portal kwa anwani yako',
      text: `${hello}\n\nMtu amejaribu kufungua akaunti ya Bima Portal kwa anwani hii ya barua pepe, ambayo tayari ina akaunti. Ikiwa ni wewe, ingia, au badilisha nenosiri lako kwa "Umesahau Nenosiri?".\n\nIkiwa si wewe, unaweza kupuuza barua pepe hii: hakuna kilichobadilika kwenye akaunti yako.\n`,
      html: layout(
        'sw',
        'Tayari una akaunti',
        `<p>${escapeHtml(hello)}</p><p>Mtu amejaribu kufungua akaunti ya Bima Portal kwa anwani hii ya barua pepe, ambayo tayari ina akaunti. Ikiwa ni wewe, ingia, au badilisha nenosiri lako kwa "Umesahau Nenosiri?".</p><p>Ikiwa si wewe, unaweza kupuuza barua pepe hii: hakuna kilichobadilika kwenye akaunti yako.</p>`,
      ),
    },
  };
  return words[language];
}

/** To the owner, once per pause: too many wrong passwords, so password sign-in is paused a while. */
export function signInPausedEmail(options: {
  to: string;
  firstName: string;
  minutes: number;
  language: Language;
}): EmailMessage {
  const { to, firstName, minutes, language } = options;
  const hello = greeting(language, firstName);
  const words: InBoth<EmailMessage> = {
    en: {
      to,
      subject: 'Too many wrong passwords for your Bima Portal account',
      text: `${hello}\n\nSomeone entered many wrong passwords for your Bima Portal account. Signing in with a password is paused for up to ${minutes} minutes. You can sign in at once by resetting your password with "Forgot Password?": the reset ends the pause.\n`,
      html: layout(
        'en',
        'Sign-in is paused for a while',
        `<p>${escapeHtml(hello)}</p><p>Someone entered many wrong passwords for your account. Signing in with a password is paused for up to ${minutes} minutes.</p><p>You can sign in at once by resetting your password with "Forgot Password?": the reset ends the pause.</p>`,
      ),
    },
    sw: {
      to,
      subject: 'Manenosiri mengi yasiyo sahihi kwa akaunti yako ya Bima Portal',
      text: `${hello}\n\nMtu ameweka manenosiri mengi yasiyo sahihi kwa akaunti yako ya Bima Portal. Kuingia kwa nenosiri kumesimamishwa kwa hadi dakika ${minutes}. Unaweza kuingia mara moja kwa kubadilisha nenosiri lako kwa "Umesahau Nenosiri?": kubadilisha kunamaliza usimamishaji.\n`,
      html: layout(
        'sw',
        'Kuingia kumesimamishwa kwa muda',
        `<p>${escapeHtml(hello)}</p><p>Mtu ameweka manenosiri mengi yasiyo sahihi kwa akaunti yako. Kuingia kwa nenosiri kumesimamishwa kwa hadi dakika ${minutes}.</p><p>Unaweza kuingia mara moja kwa kubadilisha nenosiri lako kwa "Umesahau Nenosiri?": kubadilisha kunamaliza usimamishaji.</p>`,
      ),
    },
  };
  return words[language];
}
