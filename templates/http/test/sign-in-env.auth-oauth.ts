/** Sign-in settings for the tests: a client at GitHub that is never called here, and a random sealing key. */
export const SIGN_IN_ENV = {
  OAUTH_CLIENT_ID: 'test-client',
  OAUTH_CLIENT_SECRET: 'test-secret',
  OAUTH_ENCRYPTION_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
};
