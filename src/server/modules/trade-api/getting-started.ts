/**
 * The trade API document's introduction (`info.description`, Markdown): what /developers shows above
 * the reference, enough to make a first order on the sandbox and go live. The problem anchors
 * (`#problem-…`) are the `type`s lib/problem.ts answers.
 */
export function tradeApiIntroduction({ appName, appUrl, perMinute }: { appName: string; appUrl: string; perMinute: number }): string {
  return `Price, order and follow print from your own systems. Everything here works the same on the **sandbox** (a \`pjt_test_\` key) as live, so you can build and test an integration without printing or paying for anything.

## Getting started

1. **Make a test key** on your account’s [API page](${appUrl}/account/api): choose *test*, name it after your integration, and copy the key — it is shown once. (The API places orders on account: an account paying by card before each order needs a credit account first.)
2. **Call the API** with the key as a Bearer token. Try the catalogue your account may order:

   \`\`\`sh
   curl -H "Authorization: Bearer pjt_test_…" ${appUrl}/api/v1/products
   \`\`\`

   \`GET /account\` says whose key it is and its mode.
3. **Quote.** \`POST /quotes\` with items as \`/products\` names them (\`product_id\`, \`stock_id\`, a \`qty\` offered on that stock, \`sides\`, \`orientation\`, optionally \`option_ids\` and \`turnaround_id\`) and the delivery \`country\` (ISO code) and \`postcode\`. The answer is a saved quote: its item prices hold until \`expires_at\`, with each delivery service offered, its dispatch and delivery dates and the totals with it.

   \`\`\`sh
   curl -X POST -H "Authorization: Bearer pjt_test_…" -H "Content-Type: application/json" \\
     -d '{"items":[{"product_id":1,"stock_id":1,"qty":500,"sides":"double","orientation":"landscape"}],"country":"GB","postcode":"SW1A 1AA"}' \\
     ${appUrl}/api/v1/quotes
   \`\`\`
4. **Order** with \`POST /orders\` and an \`Idempotency-Key\` header (any printable text of 1–255 characters, new for each order, e.g. a UUID): send your own \`external_ref\`, the items (or the \`quote_id\` of a quote), the delivery address (or the \`address_id\` of one in your address book) and the \`delivery_type_id\` of one of the quote’s delivery options, each item’s \`artwork_url\` (we fetch it; or upload the file later with \`PUT /orders/{id}/items/{item_id}/artwork\`), and \`blind_dispatch: true\` to send the parcel under your name (your delivery note inside, no printer branding, no e-mail from us to your client). The order confirms itself once every item’s artwork has passed its check (or only warns, with \`accept_warnings\`); until then its \`status\` is \`awaiting\` and each item says why. A retry with the same key and body answers the first answer again — so after a time-out, simply send the same request again. Keys are kept **24 hours**; the same key with another body is a 422, and while the first request is still being worked on a 409.
5. **Follow it** with webhooks or \`GET /orders/{id}\`. Add an endpoint (an https URL) on the API page and keep its \`whsec_…\` secret: each delivery is signed per [Standard Webhooks](https://www.standardwebhooks.com) (headers \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`), so a library such as the \`standardwebhooks\` npm package verifies it in one call. Events: \`order.created\`, \`order.artwork_checked\`, \`order.confirmed\`, \`order.proof_ready\` (an item's proof waits for your approval), \`order.proof_approved\` and \`order.proof_changes_requested\` (with the \`item_id\`), \`order.problem\`, \`order.dispatched\` (with the tracking number), \`order.cancelled\`, \`invoice.created\`. Each order event carries the order with its \`sequence\`, rising with every event of that order: ignore one whose \`sequence\` is lower than the last you handled. Answer 2xx quickly; anything else is retried for about three days, and a 410 turns the endpoint off. On the sandbox, \`POST /test/orders/{id}/advance\` moves a test order on (printing, dispatched, problem) so you see every event.
6. **Proofs.** Send \`proof_requested: true\` on an item (of a quote or an order) to have a proof to approve before it is printed, at the \`proof_price\` the quote's line shows; a product with \`proof_required\` always has one. Once the order is confirmed and the artwork checked, the item's \`proof\` becomes \`ready\`, with the PDF at its \`url\`: approve it with \`POST /orders/{id}/items/{item_id}/proof/approve\` \`{"version"}\`, or ask for changes with \`POST …/proof/changes\` \`{"version", "comment"}\` and new artwork. Nothing is printed before every proof is approved, and the dispatch date counts from the last approval. Each product's \`template_urls\` are PDFs of its page with the trim, bleed and safe area marked, per orientation. The sandbox makes proofs too; \`advance\` refuses (409) while one waits for approval.
7. **Go live** by changing the key: make a *live* key and use it instead of the test one. Nothing else changes. Test orders are never printed, invoiced or charged, and a test key sees no live order (nor the reverse).

## Errors

Every error is a problem (RFC 9457, \`application/problem+json\`): \`{"type", "title", "status", "detail", "errors"?}\`. \`detail\` says what to do; a 422 names each bad field in \`errors\` (\`items.0.qty\`). The \`type\` is one of these:

- <a id="problem-bad-request"></a>**bad-request** (400): the body is not JSON, or a header is missing or malformed (\`Idempotency-Key\` on \`POST /orders\`).
- <a id="problem-unauthorized"></a>**unauthorized** (401): no key, or a key that was revoked or never existed.
- <a id="problem-forbidden"></a>**forbidden** (403): the key’s account may not use the API now (awaiting approval, or paying by card before each order).
- <a id="problem-not-found"></a>**not-found** (404): no such object, another account’s, or one of the other mode (test or live).
- <a id="problem-conflict"></a>**conflict** (409): the object is not in a state that allows this, a duplicate \`external_ref\` (naming the order that has it), or the same idempotency key still being worked on.
- <a id="problem-too-large"></a>**too-large** (413): the body or file is too large.
- <a id="problem-unsupported-media-type"></a>**unsupported-media-type** (415): send JSON (or multipart for an upload).
- <a id="problem-invalid"></a>**invalid** (422): a field is invalid — see \`errors\`.
- <a id="problem-rate-limited"></a>**rate-limited** (429): too many requests with this key; wait \`Retry-After\` seconds.
- <a id="problem-server-error"></a>**server-error** (500), <a id="problem-upstream-failed"></a>**upstream-failed** (502), <a id="problem-unavailable"></a>**unavailable** (503): our side; try again later (after \`Retry-After\` where given) with the same idempotency key.

## Limits

Each key may make **${perMinute} requests a minute**. Every answer says where you stand: \`RateLimit-Limit\` (the allowance), \`RateLimit-Remaining\` (left in this window) and \`RateLimit-Reset\` (seconds until the window starts again). Past it, the answer is a 429 problem with \`Retry-After\`. Lists are paged by cursor: pass a page’s \`next_cursor\` as \`after\` (\`limit\` up to 100) until it is null.

Money is integer pence (\`1234\` is £12.34), before VAT unless a field says otherwise; days are UK dates (\`YYYY-MM-DD\`). The machine-readable description of this API is [/api/v1/openapi.json](${appUrl}/api/v1/openapi.json) (OpenAPI 3.1): generate a client from it. Questions: open a ticket in ${appName}.`;
}
