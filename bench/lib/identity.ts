/** Signs in through the Auth emulator's REST API, as the browser SDK would, for a real ID token. */
export async function signIn(emulatorHost: string, email: string, password: string): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken) {
    throw new Error(`Sign-in of ${email} failed: ${response.status} ${body.error?.message ?? ''}`);
  }
  return body.idToken;
}
