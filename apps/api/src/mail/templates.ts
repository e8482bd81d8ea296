export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
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
