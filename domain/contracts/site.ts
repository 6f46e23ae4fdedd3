/**
 * How to reach the people who run this Boon (CONTACT_EMAIL, PRIVACY_EMAIL), as the legal
 * pages show it: null where the operator set no address, so no page promises an answer from
 * one that cannot receive mail.
 */
export type ContactDto = { email: string | null; privacyEmail: string | null };
