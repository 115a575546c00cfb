import { z } from 'zod';

/** The providers' names in the API (`/api/oauth/{provider}`). */
export const OAUTH_PROVIDER_IDS = ['google', 'microsoft', 'github', 'oidc'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

/** GET /api/oauth/providers: the social sign-in providers configured on this site. */
export const oauthProvidersSchema = z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) });
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;

/** A provider named in a path. */
export const oauthProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Unknown provider') });

/**
 * POST /api/oauth/{provider}: `remember` as the login form's box; `popup: false` when the browser
 * blocked the window (the result then comes back to the page by a one-time code); `link: true` links
 * the provider to the signed-in user instead of signing in.
 */
export const oauthStartBodySchema = z.strictObject({
  remember: z.boolean().optional().default(false),
  popup: z.boolean().optional().default(true),
  link: z.boolean().optional().default(false),
});
export type OAuthStartInput = z.input<typeof oauthStartBodySchema>;

/** POST /api/oauth/{provider} (specification): where to send the browser to sign in. */
export const oauthStartSchema = z.object({ url: z.string() });

/** GET /api/oauth/{provider}/callback: the provider's answer (RFC 6749 §4.1.2); read by openid-client. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(1000).optional(),
  scope: z.string().max(2000).optional(),
  session_state: z.string().max(1000).optional(),
  authuser: z.string().max(100).optional(),
  prompt: z.string().max(100).optional(),
  hd: z.string().max(300).optional(),
});

/** POST /api/oauth/handoff: the one-time code of a redirect flow (the pop-up was blocked). */
export const oauthHandoffBodySchema = z.strictObject({ code: z.string().min(1).max(200) });
/** Its result: a session token (sign-in, with its remember choice), a provider linked, or why not. */
export const oauthHandoffSchema = z.object({
  token: z.string().optional(),
  remember: z.boolean().optional(),
  linked: z.string().optional(),
  error: z.string().optional(),
});
export type OAuthHandoff = z.infer<typeof oauthHandoffSchema>;

/** GET /api/oauth/identities (and the answer of unlinking): the signed-in user's ways to sign in. */
export const oauthIdentitiesSchema = z.object({
  identities: z.array(z.object({ provider: z.string(), name: z.string(), email: z.string(), created_at: z.string() })),
  /** Whether the account has a password: without one, the last provider cannot be unlinked. */
  has_password: z.boolean(),
});
export type OAuthIdentities = z.infer<typeof oauthIdentitiesSchema>;
