/**
 * The Stripe stand-in the browser tests pay through (tests/e2e/card-payment.spec.ts): the tests'
 * stand-in (tests/server/helpers/stripe) on 127.0.0.1:STRIPE_PORT, with the secrets the app under
 * test is given, delivering its signed webhooks to WEBHOOK_URL. Started by playwright.config.ts
 * before the app (webServer), stopped with it.
 */
import { startStripeStandIn } from '../server/helpers/stripe/stripe-stand-in';

const port = Number(process.env.STRIPE_PORT);
const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, WEBHOOK_URL: webhookUrl } = process.env;
if (!port || !secretKey || !webhookSecret || !webhookUrl) throw new Error('STRIPE_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and WEBHOOK_URL are required');

const stripe = await startStripeStandIn({ port, secretKey, webhookSecret });
stripe.webhookUrl = webhookUrl;
console.log(`Stripe stand-in at ${stripe.url}, delivering to ${webhookUrl}`);
// What the app sent that Stripe would refuse is printed as it happens (the spec fails on the app's side too).
setInterval(() => {
  while (stripe.invalid.length) console.error(`Stripe stand-in: ${stripe.invalid.shift()}`);
}, 1000).unref();
const stop = () => void stripe.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
