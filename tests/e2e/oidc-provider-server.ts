/**
 * The OpenID Connect provider the browser tests sign in with (tests/e2e/social-signin.spec.ts): a real
 * oidc-provider on 127.0.0.1:OIDC_PORT, its client's redirect URI on the app under test. Started by
 * playwright.config.ts before the app (webServer), stopped with it.
 */
import { startTestProvider } from '../helpers/oidc-provider';

const port = Number(process.env.OIDC_PORT);
const appUrl = process.env.APP_URL;
if (!port || !appUrl) throw new Error('OIDC_PORT and APP_URL are required');

const provider = await startTestProvider({
  port,
  clientId: process.env.OIDC_CLIENT_ID,
  clientSecret: process.env.OIDC_CLIENT_SECRET,
  redirectUris: [`${appUrl}/api/oauth/oidc/callback`],
});
console.log(`test OpenID Connect provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
