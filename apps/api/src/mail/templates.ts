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

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:24px">
<tr><td><p style="font-size:18px;font-weight:bold;color:#065f46;margin:0 0 16px">Bima Portal</p>
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#475569;margin-top:24px">You received this e-mail because of an action on Bima Portal. If it was not you, you can ignore it.</p>
</td></tr></table></td></tr></table></body></html>`;
}

function codeBlock(code: string): string {
  return `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:16px 0">${escapeHtml(code)}</p>`;
}

/** The sign-up code e-mail. */
export function registrationCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
}): EmailMessage {
  const { to, firstName, code, minutes } = options;
  return {
    to,
    subject: `Your Bima Portal verification code: ${code}`,
    text: `Hello ${firstName},\n\nYour Bima Portal verification code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not create an account, ignore this e-mail.\n`,
    html: layout(
      'Verify your e-mail',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Your verification code is:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes.</p>`,
    ),
  };
}

/** The password-reset code e-mail. */
export function passwordResetCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
}): EmailMessage {
  const { to, firstName, code, minutes } = options;
  return {
    to,
    subject: `Your Bima Portal password reset code: ${code}`,
    text: `Hello ${firstName},\n\nUse the code ${code} to reset your Bima Portal password. It expires in ${minutes} minutes.\n\nIf you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Use this code to reset your password:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`,
    ),
  };
}

/** The policy e-mail, with the schedule and receipt attached. */
export function policyIssuedEmail(options: {
  to: string;
  firstName: string;
  policyNumber: string;
  productName: string;
  startDate: string;
  endDate: string;
  attachments: EmailAttachment[];
}): EmailMessage {
  const { to, firstName, policyNumber, productName, startDate, endDate, attachments } = options;
  return {
    to,
    subject: `Your policy ${policyNumber} is active`,
    text: `Hello ${firstName},\n\nThank you for your payment. Your ${productName} policy ${policyNumber} covers you from ${startDate} to ${endDate}.\n\nThe policy schedule and your payment receipt are attached, and always available in your Bima Portal account.\n`,
    html: layout(
      'Your policy is active',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Thank you for your payment. Your <strong>${escapeHtml(productName)}</strong> policy <strong>${escapeHtml(policyNumber)}</strong> covers you from ${escapeHtml(startDate)} to ${escapeHtml(endDate)}.</p><p>The policy schedule and your payment receipt are attached, and always available in your Bima Portal account.</p>`,
    ),
    attachments,
  };
}

function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(href)}" style="background:#065f46;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

const STAFF_ROLE_NAMES: Record<string, string> = {
  intermediary: 'intermediary',
  underwriter: 'underwriter',
  admin: 'administrator',
  lender: 'lender',
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
}): EmailMessage {
  const { to, firstName, code, hours, role, organisation, invitationRef, acceptUrl } = options;
  const roleName = STAFF_ROLE_NAMES[role] ?? role;
  const where = organisation ? ` for ${organisation}` : '';
  return {
    to,
    subject: `Your Bima Portal invitation code: ${code}`,
    text: `Hello ${firstName},\n\nYour invitation code is ${code}.\n\nYou have been invited to Bima Portal as ${roleName}${where}. Open ${acceptUrl} and enter the code with a new password. The code works for ${hours} hours.\n\nInvitation reference: ${invitationRef}\n\nIf you did not expect this invitation, ignore this e-mail.\n`,
    html: layout(
      'You are invited to Bima Portal',
      `${paragraph(`Hello ${firstName},`)}${paragraph(`You have been invited to Bima Portal as ${roleName}${where}. Your invitation code is:`)}${codeBlock(code)}${button(acceptUrl, 'Accept the invitation')}${paragraph(`Enter the code with a new password. The code works for ${hours} hours.`)}<p style="font-size:12px;color:#475569">Invitation reference: ${escapeHtml(invitationRef)}</p>`,
    ),
  };
}

/** The code a signed-out visitor enters to send a help request from this e-mail address. */
export function helpRequestCodeEmail(options: { to: string; code: string; minutes: number }): EmailMessage {
  const { to, code, minutes } = options;
  return {
    to,
    subject: `Your Bima Portal verification code: ${code}`,
    text: `Hello,\n\nYour verification code is ${code}. Enter it to send your request for help to the intermediaries you chose. It expires in ${minutes} minutes.\n\nIf you did not ask for help on Bima Portal, ignore this e-mail.\n`,
    html: layout(
      'Confirm your e-mail address',
      `${paragraph('Hello,')}${paragraph('Enter this code to send your request for help to the intermediaries you chose:')}${codeBlock(code)}${paragraph(`It expires in ${minutes} minutes.`)}`,
    ),
  };
}

export interface HelpRequestSummary {
  requestSystemRef: string;
  clientName: string;
  clientEmail: string;
  vehicleValue: string;
  regNo: string;
  chassisNumber: string;
  expiry: string;
  remarks: string;
}

function summaryLines(summary: HelpRequestSummary): Array<[string, string]> {
  return [
    ['Reference', summary.requestSystemRef],
    ['Client', summary.clientName],
    ['E-mail', summary.clientEmail],
    ['Vehicle value', summary.vehicleValue],
    ['Registration number', summary.regNo],
    ['Chassis number', summary.chassisNumber],
    ['Answer by', summary.expiry],
  ];
}

function summaryTable(summary: HelpRequestSummary): string {
  const rows = summaryLines(summary)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#475569">${escapeHtml(label)}</td><td style="padding:4px 0"><strong>${escapeHtml(value)}</strong></td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0">${rows}</table><p style="white-space:pre-wrap;background:#f8fafc;padding:12px;border-radius:8px">${escapeHtml(summary.remarks)}</p>`;
}

function summaryText(summary: HelpRequestSummary): string {
  return `${summaryLines(summary)
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n')}\n\nQuery:\n${summary.remarks}`;
}

/** To an intermediary: a client asks for help; the link opens the request in the staff inbox. */
export function helpRequestToIntermediaryEmail(options: {
  to: string;
  intermediaryNames: string;
  summary: HelpRequestSummary;
  requestUrl: string;
}): EmailMessage {
  const { to, intermediaryNames, summary, requestUrl } = options;
  return {
    to,
    subject: `New quotation request ${summary.requestSystemRef} on Bima Portal`,
    text: `Hello ${intermediaryNames},\n\nA client asks you for a motor insurance quotation through Bima Portal.\n\n${summaryText(summary)}\n\nOpen the request: ${requestUrl}\n`,
    html: layout(
      'New quotation request',
      `${paragraph(`Hello ${intermediaryNames},`)}${paragraph('A client asks you for a motor insurance quotation through Bima Portal.')}${summaryTable(summary)}${button(requestUrl, 'Open the request')}`,
    ),
  };
}

/** To the client: the request went to the intermediaries named. */
export function helpRequestConfirmationEmail(options: {
  to: string;
  firstName: string;
  summary: HelpRequestSummary;
  intermediaryNames: string[];
}): EmailMessage {
  const { to, firstName, summary, intermediaryNames } = options;
  const list = intermediaryNames.join(', ');
  return {
    to,
    subject: `We sent your request ${summary.requestSystemRef}`,
    text: `Hello ${firstName},\n\nYour quotation request has been successfully submitted to: ${list}. They will contact you at this e-mail address.\n\n${summaryText(summary)}\n`,
    html: layout(
      'Request submitted',
      `${paragraph(`Hello ${firstName},`)}${paragraph(`Your quotation request has been successfully submitted to: ${list}. They will contact you at this e-mail address.`)}${summaryTable(summary)}`,
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
  products: Array<{ productName: string; underwriter: string; premium: string }>;
  reviewUrl: string;
  /** The client has no password yet: they sign up with this e-mail to read it. */
  needsAccount?: boolean;
}): EmailMessage {
  const { to, firstName, intermediaryNames, requestSystemRef, note, products, reviewUrl } = options;
  const signUp = options.needsAccount
    ? `To read it, sign up on Bima Portal with this e-mail address (${to}); the recommendation is waiting in your account.`
    : '';
  const lines = products.map(
    (product) => `${product.productName} (${product.underwriter}): ${product.premium}`,
  );
  return {
    to,
    subject: `${intermediaryNames} sent you a recommendation for ${requestSystemRef}`,
    text: `Hello ${firstName},\n\n${intermediaryNames} answered your quotation request ${requestSystemRef}:\n\n${lines.join('\n')}\n\nTheir note:\n${note}\n\n${signUp ? `${signUp}\n\n` : ''}Review and accept it: ${reviewUrl}\n`,
    html: layout(
      'Your recommendation is ready',
      `${paragraph(`Hello ${firstName},`)}${paragraph(`${intermediaryNames} answered your quotation request ${requestSystemRef}:`)}<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul><p style="white-space:pre-wrap;background:#f8fafc;padding:12px;border-radius:8px">${escapeHtml(note)}</p>${signUp ? paragraph(signUp) : ''}${button(reviewUrl, 'Review the recommendation')}`,
    ),
  };
}

/** A notification by e-mail: its title, its sentence or two and a link to the thing it is about. */
export function notificationEmail(options: {
  to: string;
  firstName: string;
  title: string;
  body: string;
  url: string | null;
  profileUrl: string;
}): EmailMessage {
  const { to, firstName, title, body, url, profileUrl } = options;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    to,
    subject: title,
    text: `${greeting}\n\n${body}\n\n${url ? `Open it on Bima Portal: ${url}\n\n` : ''}You can switch these e-mails off in your profile: ${profileUrl}\n`,
    html: layout(
      title,
      `${paragraph(greeting)}${paragraph(body)}${url ? button(url, 'Open on Bima Portal') : ''}<p style="font-size:12px;color:#475569">You can switch these e-mails off in <a href="${escapeHtml(profileUrl)}">your profile</a>.</p>`,
    ),
  };
}

/** "Tell me when it's available": a plain message with one link (the confirmation and the news). */
export function productInterestEmail(options: {
  to: string;
  subject: string;
  lines: string[];
  link: { url: string; label: string };
}): EmailMessage {
  const { to, subject, lines, link } = options;
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${link.label}: ${link.url}\n`,
    html: layout(subject, `${lines.map(paragraph).join('')}${button(link.url, link.label)}`),
  };
}

/** The code that confirms a new e-mail address, sent to the new address. */
export function emailChangeCodeEmail(options: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
}): EmailMessage {
  const { to, firstName, code, minutes } = options;
  return {
    to,
    subject: `Confirm your new Bima Portal e-mail: ${code}`,
    text: `Hello ${firstName},\n\nEnter the code ${code} in your Bima Portal profile to make this your account's e-mail address. It expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this e-mail: nothing changes.\n`,
    html: layout(
      'Confirm your new e-mail',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Enter this code in your profile to make this your account's e-mail address:</p>${codeBlock(code)}<p>It expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail.</p>`,
    ),
  };
}

/** The notice to the old address once the account's e-mail has changed. */
export function emailChangedNoticeEmail(options: {
  to: string;
  firstName: string;
  newEmail: string;
}): EmailMessage {
  const { to, firstName, newEmail } = options;
  return {
    to,
    subject: 'Your Bima Portal e-mail address was changed',
    text: `Hello ${firstName},\n\nYour Bima Portal account now uses the e-mail address ${newEmail}; sign in with it from now on.\n\nIf you did not make this change, contact Bima Portal support at once.\n`,
    html: layout(
      'Your e-mail address was changed',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Your account now uses the e-mail address <strong>${escapeHtml(newEmail)}</strong>; sign in with it from now on.</p><p>If you did not make this change, contact Bima Portal support at once.</p>`,
    ),
  };
}

/** The notice that the account's password was changed from the profile. */
export function passwordChangedEmail(options: { to: string; firstName: string }): EmailMessage {
  const { to, firstName } = options;
  return {
    to,
    subject: 'Your Bima Portal password was changed',
    text: `Hello ${firstName},\n\nThe password of your Bima Portal account was changed and your other devices were signed out.\n\nIf you did not make this change, reset your password at once with "Forgot Password?".\n`,
    html: layout(
      'Your password was changed',
      `<p>Hello ${escapeHtml(firstName)},</p><p>The password of your account was changed and your other devices were signed out.</p><p>If you did not make this change, reset your password at once with "Forgot Password?".</p>`,
    ),
  };
}
