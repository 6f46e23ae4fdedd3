export const BIO_MAX = 280;

/** The person's own bio, as only they are shown it. */
export type BioDto = { bio: string | null };
export type BioSaveResult = BioDto & { position: string | null };
