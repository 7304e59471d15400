/**
 * A secret as billsim shows it where it must not be read whole (the start
 * banner, state dumps): its first 4 characters then "****", enough to tell
 * keys apart; a short secret shows none of itself.
 */
export function maskSecret(secret: string): string {
  return secret.length >= 8 ? `${secret.slice(0, 4)}****` : '****';
}
