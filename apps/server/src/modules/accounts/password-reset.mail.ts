import type { OutgoingMail } from '../../plugins/mailer.js';
import { escapeHtml } from './mail-html.js';

/** The Italian password-reset mail, plain text and HTML, carrying `link`. */
export function passwordResetMail(input: {
  to: string;
  username: string;
  link: string;
  validMinutes: number;
}): OutgoingMail {
  const { to, username, link, validMinutes } = input;
  const text = [
    `Ciao ${username},`,
    '',
    'abbiamo ricevuto una richiesta di reimpostare la password del tuo account Magazzino Ricambi.',
    'Per scegliere una nuova password apri questo link:',
    '',
    link,
    '',
    `Il link vale ${validMinutes} minuti e si può usare una sola volta.`,
    'Se non hai chiesto tu di reimpostare la password, ignora questa email: la password attuale resta valida.',
    '',
    'Magazzino Ricambi',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="it">
<body style="font-family: sans-serif; line-height: 1.5">
<p>Ciao ${escapeHtml(username)},</p>
<p>abbiamo ricevuto una richiesta di reimpostare la password del tuo account Magazzino Ricambi.</p>
<p><a href="${safeLink}">Scegli una nuova password</a></p>
<p>Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${safeLink}</p>
<p>Il link vale ${validMinutes} minuti e si può usare una sola volta.
Se non hai chiesto tu di reimpostare la password, ignora questa email: la password attuale resta valida.</p>
<p>Magazzino Ricambi</p>
</body>
</html>
`;
  return {
    to,
    subject: 'Reimposta la password di Magazzino Ricambi',
    text,
    html,
    outboxNote: `Link per reimpostare la password di ${to}: ${link}`,
  };
}
