import { ROLE_LABELS, type Role } from '@magazzino/contract';
import type { OutgoingMail } from '../../plugins/mailer.js';
import { mailHtml } from './mail-html.js';

type Paragraph = string | { href: string; label: string };

function mail(to: string, subject: string, paragraphs: Paragraph[], outboxNote?: string): OutgoingMail {
  const text = paragraphs
    .map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.href}`))
    .concat('Magazzino Ricambi')
    .join('\n\n');
  return {
    to,
    subject,
    text,
    html: mailHtml([...paragraphs, 'Magazzino Ricambi']),
    ...(outboxNote ? { outboxNote } : {}),
  };
}

/** To an amministratore: someone signed up and waits for approval on 'Utenti'. */
export function signupRequestMail(input: {
  to: string;
  adminName: string;
  username: string;
  email: string;
  usersUrl: string;
}): OutgoingMail {
  return mail(
    input.to,
    'Nuova richiesta di accesso a Magazzino Ricambi',
    [
      `Ciao ${input.adminName},`,
      `${input.username} (${input.email}) si è registrato e aspetta che un amministratore approvi il suo account.`,
      'Apri la pagina Utenti per approvarlo, scegliendo il ruolo, oppure per rifiutarlo. Finché non lo approvi non può accedere a nulla.',
      { href: input.usersUrl, label: 'Apri la pagina Utenti' },
    ],
    `Richiesta di accesso di ${input.email}: approvala su ${input.usersUrl}`,
  );
}

/**
 * To the owner of an address that already has an account, when someone signs up with it: the
 * sign-up answered as for a new address, and only the mailbox's owner learns the truth.
 */
export function addressTakenMail(input: {
  to: string;
  username: string;
  loginUrl: string;
  resetUrl: string;
}): OutgoingMail {
  return mail(input.to, 'Registrazione a Magazzino Ricambi con il tuo indirizzo', [
    `Ciao ${input.username},`,
    'qualcuno ha appena chiesto di registrarsi a Magazzino Ricambi con questo indirizzo email, che ha già un account: non è stato creato nessun nuovo account.',
    'Se eri tu, accedi con la tua password; se non la ricordi, reimpostala.',
    { href: input.loginUrl, label: 'Accedi' },
    { href: input.resetUrl, label: 'Reimposta la password' },
    'Se non eri tu, ignora questa email: il tuo account non è cambiato.',
  ]);
}

/** To a user whose account an amministratore approved. */
export function accountApprovedMail(input: {
  to: string;
  username: string;
  role: Role;
  loginUrl: string;
}): OutgoingMail {
  return mail(input.to, 'Il tuo account di Magazzino Ricambi è attivo', [
    `Ciao ${input.username},`,
    `un amministratore ha approvato il tuo account, con il ruolo ${ROLE_LABELS[input.role]}: ora puoi accedere con la tua email e la password che hai scelto.`,
    { href: input.loginUrl, label: 'Accedi a Magazzino Ricambi' },
  ]);
}
