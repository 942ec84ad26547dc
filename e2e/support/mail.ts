import type { ParsedMail } from 'mailparser';
import type { SmtpReceiver } from '../../apps/server/test/smtp-receiver.js';

export { startSmtpReceiver, type SmtpReceiver } from '../../apps/server/test/smtp-receiver.js';

/** The addresses a mail was sent to, lower-cased. */
function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
}

/** Waits for the next mail sent to `email`. */
export function waitForMailTo(
  receiver: SmtpReceiver,
  email: string,
  timeoutMs = 10_000,
): Promise<ParsedMail> {
  return receiver.waitFor((mail) => recipients(mail).includes(email.toLowerCase()), timeoutMs);
}

/** The first link of the mail (text or HTML part) whose URL matches `pattern`. */
export function findLink(mail: ParsedMail, pattern: RegExp): string {
  const bodies = [mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''];
  for (const body of bodies) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      const url = match[0].replace(/&amp;/g, '&');
      if (pattern.test(url)) return url;
    }
  }
  throw new Error(`no link matching ${pattern} in mail "${mail.subject ?? ''}"`);
}
