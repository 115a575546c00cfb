import { z } from 'zod';

/** GET /api/oauth/providers: the social sign-in providers configured on this site. */
export const oauthProvidersSchema = z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) });
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;

/** POST /api/oauth/{provider} (specification): where to send the browser to sign in. */
export const oauthStartSchema = z.object({ url: z.string() });
