/**
 * Row of `two_factor` (migration 011): an account's TOTP secret, pending until its first code.
 * `secret` is base32 (docs/architecture.md, "Two-factor sign-in", says why it is not encrypted).
 */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  /** When the first code confirmed it; null while the enrolment is pending. */
  enabled_at: string | null;
  /** Until when a pending enrolment may be confirmed; null once enabled. */
  pending_expires_at: string | null;
  /** The 30-second step of the last code accepted: that code and older ones are refused. */
  last_used_step: number | null;
  created_at: string;
}

/** Row of `two_factor_recovery_codes`: single-use codes, stored only as their SHA-256. */
export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/**
 * Row of `two_factor_challenges`: a sign-in past its password, waiting for the code. The cookie
 * carries a random id, the database its SHA-256.
 */
export interface TwoFactorChallengesTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  /** Wrong codes given so far; the challenge ends at TWO_FACTOR.challengeAttempts. */
  failures: number;
}

export interface TwoFactorTables {
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
}
