import type { FlowOutcome } from './service';

/** JSON safe inside a <script>: no `<`, `>`, `&` or line separators that could end or bend it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page the provider returns the pop-up to: it posts `{type: 'oauth', token | linked | error}` to
 * the app's own origin only (APP_URL's, never `*`) and closes. The opener checks the message's origin
 * and source. Without an opener (it was closed, or a browser cut the link) it says what to do.
 */
export function callbackPage(opts: { outcome: FlowOutcome; appOrigin: string; nonce: string; appName: string }): string {
  const message = { type: 'oauth', ...opts.outcome };
  const { outcome } = opts;
  const fallback =
    'error' in outcome
      ? `${outcome.error} You can close this window.`
      : 'linked' in outcome
        ? 'The account is linked. You can close this window.'
        : 'This window lost touch with the page you started from. Please close it and try again.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Signing in… | ${escapeHtml(opts.appName)}</title>
<style nonce="${opts.nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1f2937}</style>
</head>
<body>
<p id="status">Signing in…</p>
<p><a href="${escapeHtml(opts.appOrigin)}/login">Back to ${escapeHtml(opts.appName)}</a></p>
<script nonce="${opts.nonce}">
(function () {
  var message = ${scriptJson(message)};
  var origin = ${scriptJson(opts.appOrigin)};
  var status = document.getElementById('status');
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, origin);
    window.close();
    status.textContent = 'Done. You can close this window.';
  } else {
    status.textContent = ${scriptJson(fallback)};
  }
})();
</script>
</body>
</html>
`;
}
