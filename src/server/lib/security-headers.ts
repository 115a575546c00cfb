import type { FastifyInstance } from 'fastify';

/** The policy with these sources of script beside 'self' (a page's own inline script, by its hash). */
export const contentSecurityPolicy = (scriptSources: readonly string[] = []) =>
  ["default-src 'self'", ["script-src 'self'", ...scriptSources].join(' '), ...CSP_REST].join('; ');

// MUI (emotion) injects <style> tags at run time, hence 'unsafe-inline' for styles only; scripts stay 'self'.
const CSP_REST = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const CSP = contentSecurityPolicy();

/**
 * A print portal needs no device or sensor: every powerful feature is denied to the app and to
 * anything it might frame. Fullscreen stays allowed for our own pages (artwork previews). Only
 * features Chromium knows are named: an unknown one is a console error on every page.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export function registerSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  // Callback style: no promise per response on this hot path.
  app.addHook('onSend', (_request, reply, payload, done) => {
    // A route with a policy of its own keeps it (the social sign-in callback page: a nonce'd script, no opener policy).
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    // Reset links carry their token in the path: never send it to another site.
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Our pages keep other sites' windows out of reach, but a sign-in popup they open may still post back to them.
    if (!reply.hasHeader('cross-origin-opener-policy')) reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (opts.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
}
