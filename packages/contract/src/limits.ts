/** Limits shared by the server (validation) and the web app (form hints, page sizes). */
export const LIMITS = {
  /** Longest free-text description of a part. */
  descrizioneMax: 2000,
  /** Longest short text field of a part (nome, codice, marca, ...). */
  shortTextMax: 200,
  /** Longest location segment (scaffale, campata, ripiano, cassetta). */
  locationMax: 50,
  /** Heaviest part accepted, in kilograms. */
  pesoMax: 100_000,
  /** Decimal places kept for peso (grams precision). */
  pesoDecimals: 3,
  /** Highest asking or sale price accepted, in euro. */
  prezzoMax: 1_000_000,
  /** Decimal places of a price (cents): stored exactly as whole cents. */
  prezzoDecimals: 2,
  /** Longest customer name or phone number of a reservation. */
  clienteMax: 100,
  telefonoMax: 30,
  /** Days a deleted part stays in the bin ('Cestino') before it is purged. */
  binDays: 30,
  /** Oldest registration year accepted. */
  annoMin: 1900,
  /** Largest page a client may ask for. */
  pageSizeMax: 100,
  /** Page sizes offered by the parts list, the first one is the default. */
  pageSizes: [5, 10, 20, 50, 100] as const,
  /** Shortest new password, in characters (ASVS 2.1.1); sign-in takes older, shorter ones. */
  passwordMin: 12,
  passwordMax: 128,
  usernameMax: 50,
  emailMax: 254,
  /** Default upload limit in megabytes (MAX_UPLOAD_MB overrides it on the server). */
  uploadMbDefault: 10,
} as const;

/** Image types accepted by the upload, decided by content. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** Limits of a part's photos. */
export const PART_LIMITS = {
  /** Photos of one part; the first is its cover. */
  immaginiMax: 12,
} as const;

/** The most vehicles a part may list as compatible ('Compatibile anche con'). */
export const FITMENT_MAX = 30;
