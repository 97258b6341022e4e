import { z } from 'zod';
import { loadClientConfig } from './firebase.ts';

/** The identity service's email actions that the portal completes on /email/verification. */
export type EmailAction = 'resetPassword' | 'verifyEmail';

const REQUEST_TYPES: Record<EmailAction, string> = { resetPassword: 'PASSWORD_RESET', verifyEmail: 'VERIFY_EMAIL' };

const OobCodesSchema = z.object({
  oobCodes: z.array(z.object({ email: z.string(), oobCode: z.string(), requestType: z.string() })).default([]),
});

/**
 * With the local Auth emulator no email leaves the machine: the emulator keeps what it would
 * have sent (`GET /emulator/v1/projects/{id}/oobCodes`). This returns the portal's own link for
 * the latest such email to `email`, or null in production or when there is none. `lang` is the
 * email's language, which the identity service adds to its links (`zh-CN`): the page opens in it.
 */
export async function simulatedEmailLink(action: EmailAction, email: string, lang?: string): Promise<string | null> {
  const config = await loadClientConfig();
  if (!config.authEmulatorUrl) return null;
  const response = await fetch(
    `${config.authEmulatorUrl}/emulator/v1/projects/${encodeURIComponent(config.firebase.projectId)}/oobCodes`,
  );
  if (!response.ok) return null;
  const { oobCodes } = OobCodesSchema.parse(await response.json());
  const wanted = email.trim().toLowerCase();
  const latest = oobCodes
    .filter((code) => code.requestType === REQUEST_TYPES[action] && code.email.toLowerCase() === wanted)
    .at(-1);
  if (!latest) return null;
  const search = new URLSearchParams({ mode: action, oobCode: latest.oobCode, ...(lang ? { lang } : {}) });
  return `${location.origin}/email/verification?${search}`;
}
