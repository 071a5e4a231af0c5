// What other features may use of this one; everything else in the folder is its own (docs/decisions/041).
export { appLink, sendAuthEmail } from './auth.emails';
export { VIEW_AS_COOKIE, clearViewAsCookie, requireSessionId, requireUser, signedIn, type ViewAsResolver } from './auth.guard';
export { findUserByEmail, findUserById, insertUser, sessionUserColumns, toSessionUser, updateUser } from './auth.repository';
export { REFERRAL_COOKIE } from './auth.routes';
export { invalidToken, type AuthDeps } from './auth.service';
export { consumeEmailToken, issueEmailToken, pendingEmailChange, voidEmailTokens } from './email-tokens';
export { completeFirstVerification } from './first-verification';
export { hashPassword, verifyPassword } from './passwords';
export { attemptLimits, type AuthRateLimits } from './rate-limits';
export { deleteRecoveryCodes } from './recovery-codes';
export { sessionIsLive } from './session-liveness';
export { clearSessionCookie, type SessionStore } from './sessions';
export { actorOf } from '../../lib/staff-actor';
