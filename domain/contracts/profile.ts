/** The owner's own profile header: never sent about, or to, anyone else. */
export type ProfileDto = {
  pseudonym: string;
  /** When the device chose its pseudonym (ISO). */
  memberSince: string;
  /** The person's own words about themselves, when they wrote any. */
  bio: string | null;
  /** Whether the device acts for a signed-in account. */
  hasAccount: boolean;
};
