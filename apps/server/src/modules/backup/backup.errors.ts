/**
 * A failure the backup and restore commands expect and explain (a damaged archive, a database
 * that is not empty): its Italian message is all the user sees, without a stack trace.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The expected failures, worded once. */
export const backupErrors = {
  archiveMissing: (file: string) => new BackupError(`Il file ${file} non esiste.`),
  notAnArchive: (file: string) =>
    new BackupError(
      `Il file ${file} non è un archivio di backup di Magazzino Ricambi (non è un file .tar.gz).`,
    ),
  truncatedArchive: () =>
    new BackupError('Archivio danneggiato: il file compresso è troncato o alterato e non si può leggere.'),
  badTar: (detail: string) => new BackupError(`Archivio danneggiato: ${detail}.`),
  unexpectedEntry: (name: string) =>
    new BackupError(`Archivio non valido: contiene "${name}", che un backup di Magazzino Ricambi non ha.`),
  duplicateEntry: (name: string) =>
    new BackupError(`Archivio non valido: il file ${name} compare due volte.`),
  manifestMissing: () =>
    new BackupError(
      'Archivio non valido: manca il manifesto (manifest.json). Non è un backup di Magazzino Ricambi, oppure è troncato.',
    ),
  manifestInvalid: (detail: string) =>
    new BackupError(`Archivio non valido: manifesto illeggibile (${detail}).`),
  formatTooNew: (version: number) =>
    new BackupError(
      `L'archivio è nel formato ${version}, più recente di quello che questa versione di Magazzino Ricambi sa leggere: aggiorna il programma e riprova.`,
    ),
  fileDoesNotMatch: (name: string, detail: string) =>
    new BackupError(`Archivio danneggiato: il file ${name} non corrisponde al manifesto (${detail}).`),
  fileMissing: (name: string) =>
    new BackupError(`Archivio danneggiato: manca il file ${name}, elencato nel manifesto.`),
  fileNotListed: (name: string) =>
    new BackupError(`Archivio non valido: il file ${name} non è elencato nel manifesto.`),
  badRow: (table: string, line: number, detail: string) =>
    new BackupError(
      `Archivio non valido: la riga ${line} di db/${table}.ndjson non è leggibile (${detail}).`,
    ),
  schemaTooNew: (archive: string, latest: string | undefined) =>
    new BackupError(
      `L'archivio viene da una versione più recente di Magazzino Ricambi (schema «${archive}»; questa conosce fino a «${latest ?? '—'}»): aggiorna il programma, poi ripristina.`,
    ),
  databaseTooNew: (applied: string) =>
    new BackupError(
      `Il database è stato aggiornato da una versione più recente di Magazzino Ricambi (schema «${applied}»): usa quella versione.`,
    ),
  databaseNotMigrated: () =>
    new BackupError(
      'Il database non contiene ancora le tabelle di Magazzino Ricambi: non c’è niente da salvare.',
    ),
  rowsDoNotFit: (table: string, detail: string) =>
    new BackupError(
      `L'archivio non si può ripristinare in questo database: ${detail} (tabella ${table}). Ripristinalo in un database nuovo, mai avviato.`,
    ),
  tableNotCopied: (table: string) =>
    new BackupError(`Archivio non valido: la tabella ${table} non è tra quelle che un backup contiene.`),
  tableMissing: (table: string) =>
    new BackupError(
      `L'archivio non si può ripristinare in questo database: non ha la tabella ${table}. Ripristinalo in un database nuovo, mai avviato.`,
    ),
  notEmpty: (counts: string) =>
    new BackupError(
      `Il database non è vuoto (${counts}): usa --force per sovrascriverlo. Tutti i suoi dati saranno sostituiti da quelli dell'archivio.`,
    ),
};
