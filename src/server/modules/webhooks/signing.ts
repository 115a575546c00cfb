import { createHmac, randomBytes } from 'node:crypto';

/*
 * Standard Webhooks signing: a secret is `whsec_` + base64 of 32 random bytes, and a delivery's
 * `webhook-signature` is `v1,` + base64(HMAC-SHA256(the secret's bytes, "id.timestamp.body")).
 */

const PREFIX = 'whsec_';

export const newWebhookSecret = (): string => PREFIX + randomBytes(32).toString('base64');

/** `msg_` + 24 random characters: the event's id, the `webhook-id` of every attempt. */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per secret that signs now, space-separated (both during a rotation). */
export const signatureHeader = (secrets: string[], id: string, timestamp: number, body: string): string =>
  secrets.map((secret) => signature(secret, id, timestamp, body)).join(' ');
