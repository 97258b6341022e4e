import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { z } from 'zod';

/** GET /api/config: what the browser needs to reach the identity service. */
export const ClientConfigSchema = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.string().nullable(),
  tokenSyncUrl: z.string(),
});
export type ClientConfig = z.output<typeof ClientConfigSchema>;

let configPromise: Promise<ClientConfig> | null = null;
let authPromise: Promise<Auth> | null = null;

/** The server's client configuration, fetched once per page. */
export function loadClientConfig(): Promise<ClientConfig> {
  configPromise ??= fetch('/api/config', { headers: { accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`Could not load the portal configuration (${response.status})`);
      return response.json();
    })
    .then((json) => ClientConfigSchema.parse(json))
    .catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  return configPromise;
}

/** The Firebase Auth instance, connected to the local emulator when the server uses one. */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= loadClientConfig()
    .then((config) => {
      const app: FirebaseApp = getApps()[0] ?? initializeApp(config.firebase);
      const auth = getAuth(app);
      if (config.authEmulatorUrl && !auth.emulatorConfig) {
        connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
      }
      return auth;
    })
    .catch((error: unknown) => {
      authPromise = null;
      throw error;
    });
  return authPromise;
}
