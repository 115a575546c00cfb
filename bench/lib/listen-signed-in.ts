import type { FastifyInstance } from 'fastify';

/** Listens on a free loopback port and signs in as a browser would: XSRF cookie first, then login. */
export async function listenSignedIn(app: FastifyInstance, email: string, password: string): Promise<{ port: number; token: string; xsrf: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]);
  return { port, token: await signInAgain(port, xsrf, email, password), xsrf };
}

/** Another session on the same server (e.g. a member of staff beside the customer): its token. */
export async function signInAgain(port: number, xsrf: string, email: string, password: string): Promise<string> {
  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()) as { token: string }).token;
}
