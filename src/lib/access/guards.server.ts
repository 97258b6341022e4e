import type { Context } from 'hono';
import type { AppEnv, AuthedUser } from '../deps.server.ts';
import { forbidden } from '../http/errors.server.ts';
import {
  canActInCountry,
  canManageUsers,
  hasModuleRule,
  isAdminLevel,
  USER_STATUS,
  type ModuleName,
  type RuleAction,
} from './permissions.ts';
import { say } from '../i18n/said.ts';

/** An active user with a verified email: the base of every back-office endpoint. */
export function requireActiveUser(c: Context<AppEnv>): AuthedUser {
  const auth = c.get('auth');
  if (!auth.token.emailVerified) throw forbidden('Verify your email address first');
  if (auth.identity.status !== USER_STATUS.active) {
    throw forbidden('Your account is awaiting activation by an administrator');
  }
  return auth;
}

export function requireAdminLevel(c: Context<AppEnv>): AuthedUser {
  const auth = requireActiveUser(c);
  if (!isAdminLevel(auth.identity)) throw forbidden('Only administrators may do this');
  return auth;
}

/** Admin-level users, or a state_admin (who is then confined to its own country). */
export function requireUserManager(c: Context<AppEnv>): AuthedUser {
  const auth = requireActiveUser(c);
  if (!canManageUsers(auth.identity)) throw forbidden('Only administrators may manage users');
  return auth;
}

export function requireModuleRule(c: Context<AppEnv>, module: ModuleName, rules?: readonly RuleAction[]): AuthedUser {
  const auth = requireActiveUser(c);
  if (!hasModuleRule(auth.identity, module, rules)) {
    throw forbidden(say('Your role may not {rules} in {module}', { rules: (rules ?? ['view']).join(' or '), module }));
  }
  return auth;
}

export function requireCountryScope(auth: AuthedUser, countryCode: string): void {
  if (!canActInCountry(auth.identity, countryCode)) throw forbidden('You may act only inside your own country');
}

/** The country a user's lists are confined to, or null for admin-level users who see all. */
export function scopeCountryOf(auth: AuthedUser): string | null {
  return isAdminLevel(auth.identity) ? null : (auth.identity.country_code ?? '__none__');
}
