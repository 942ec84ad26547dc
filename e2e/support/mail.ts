import type { ParsedMail } from 'mailparser';
import type { SmtpReceiver } from '../../apps/server/test/smtp-receiver.js';

export { startSmtpReceiver, type SmtpReceiver } from '../../apps/server/test/smtp-receiver.js';

/** The addresses a mail was sent to, lower-cased. */
function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => (address.address ?? '').toLowerCase()));
}

/**
 * The first mail sent to `email` (received already, or waited for): with `about`, the first whose
 * text holds it, so that a mail sent earlier to the same address (another test's, in a suite that
 * shares the server) is not taken for the one expected. Waited for up to 30 s: on a busy machine
 * the server's mail may take a while.
 */
export function waitForMailTo(
  receiver: SmtpReceiver,
  email: string,
  { about, timeoutMs = 30_000 }: { about?: string; timeoutMs?: number } = {},
): Promise<ParsedMail> {
  return receiver.waitFor(
    (mail) =>
      recipients(mail).includes(email.toLowerCase()) &&
      (about === undefined || (mail.text ?? '').includes(about)),
    timeoutMs,
  );
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
