/**
 * Italian texts of the photos of a form (components/PhotosField, lib/use-photos.ts), shared by the
 * parts and the vehicles: the field's own label and its save messages come from their screens.
 */
export const photos = {
  help: (max: number) =>
    `Fino a ${max} foto (JPEG, PNG, WebP, GIF o AVIF): la prima è la copertina. Le foto grandi vengono ridotte prima dell’invio.`,
  full: (max: number) => `Hai già ${max} foto: rimuovine una per aggiungerne altre.`,
  /** The camera picker on a phone (one shot each time, several in a row). */
  camera: 'Scatta foto',
  /** The gallery picker (several at once). */
  gallery: 'Scegli dalle foto',
  list: 'Foto scelte',
  cover: 'Copertina',
  photo: (n: number) => `Foto ${n}`,
  preparing: 'Riduzione della foto…',
  failed: (name: string, why: string) => `${name} non è stata caricata: ${why}`,
  remove: (n: number) => `Rimuovi la foto ${n}`,
  retry: (n: number) => `Riprova a caricare la foto ${n}`,
  makeCover: (n: number) => `Usa la foto ${n} come copertina`,
  moveEarlier: (n: number) => `Sposta prima la foto ${n}`,
  moveLater: (n: number) => `Sposta dopo la foto ${n}`,
  /** Said to screen readers after a move or a new cover. */
  movedTo: (n: number, total: number) => `Foto spostata: ora è la ${n} di ${total}.`,
  progress: (n: number) => `Avanzamento del caricamento della foto ${n}`,
  networkError: 'Impossibile contattare il server. Controlla la connessione e riprova.',
} as const;
