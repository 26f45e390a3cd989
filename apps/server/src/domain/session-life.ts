import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '../services/identity/auth.ts';

/**
 * The session's lifetime and refresh age, the last two parameters of every hot statement: the
 * statement looks the session up and extends it as better-auth would (decision 013).
 */
export const sessionLife = [SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS] as const;
