import type { Database } from '../../db/client.ts';
import type { Auth } from '../../services/identity/auth.ts';

/** What each password action of the advertiser area is given: its parsed request, and whom to count. */
export interface PasswordActionOptions<Input> {
  db: Database;
  auth: Auth;
  /** The client address, which the action's rate limits count. */
  ip: string;
  input: Input;
}
