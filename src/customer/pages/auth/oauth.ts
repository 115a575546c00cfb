import { z } from 'zod';
import { http } from '../../../shared/http';

export const providersSchema = z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) });
export type OAuthProvider = z.infer<typeof providersSchema>['providers'][number];

/** The social sign-in providers the server has configured; none when the call fails. */
export async function fetchProviders(): Promise<OAuthProvider[]> {
  try {
    const { data } = await http.get<unknown>('/api/oauth/providers', { skipErrorDialogs: true });
    return providersSchema.parse(data).providers;
  } catch {
    return [];
  }
}

/** The address of the provider's sign-in page for this visit (POST /api/oauth/{provider} → {url}). */
export async function startOAuth(providerId: string): Promise<string> {
  const { data } = await http.post<unknown>(`/api/oauth/${encodeURIComponent(providerId)}`);
  // Only a web address: a javascript: URL would run in the pop-up, which starts on our own origin.
  return z.object({ url: z.url({ protocol: /^https?$/ }) }).parse(data).url;
}

/** What the sign-in window posts back when it is done: a token, or why it failed. */
export const oauthMessageSchema = z.object({
  type: z.literal('oauth'),
  token: z.string().min(1).optional(),
  error: z.string().optional(),
});

/**
 * The sign-in result from a message event, or null when the event is not one: only messages from
 * our own origin (the server's callback page) and, when given, from the window we opened count.
 */
export function readOAuthMessage(event: MessageEvent, expectedSource: MessageEventSource | null): z.infer<typeof oauthMessageSchema> | null {
  if (event.origin !== window.location.origin) return null;
  if (expectedSource && event.source !== expectedSource) return null;
  const parsed = oauthMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}
