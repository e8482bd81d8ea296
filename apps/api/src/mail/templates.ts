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
