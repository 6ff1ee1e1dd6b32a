// HTTP load with autocannon, bounded in time and in requests, against loopback servers only.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  token?: string;
  body?: unknown;
  /** Builds the n-th request's body (a different slot per booking, say). */
  bodyFor?: (n: number) => unknown;
  /** The n-th request's bearer token (several users taking turns), instead of `token`. */
  tokenFor?: (n: number) => string;
  seconds: number;
  connections: number;
  /** Upper bound on requests, whatever the time. */
  maxRequests?: number;
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses other than 2xx, by status, and connection errors. */
  failures: Record<string, number>;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(host)) throw new Error(`refusing to load a non-loopback host: ${host}`);
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  assertLoopback(o.url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let n = 0;
  const { bodyFor, tokenFor } = o;
  const perRequest = bodyFor || tokenFor
    ? (req: autocannon.Request) => {
      const i = n++;
      return {
        ...req,
        ...(bodyFor ? { body: JSON.stringify(bodyFor(i)) } : {}),
        ...(tokenFor ? { headers: { ...req.headers, authorization: `Bearer ${tokenFor(i)}` } } : {}),
      };
    }
    : undefined;
  const opts: autocannon.Options = {
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    timeout: 30,
    requests: [{
      method: o.method ?? 'GET',
      path: o.path,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      // autocannon calls a present setupRequest key even when undefined: only set it when used.
      ...(perRequest ? { setupRequest: perRequest } : {}),
    }],
  };
  // `amount` would lift the time bound, so the request bound stops the instance instead.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    let answered = 0;
    const instance = autocannon(opts, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', () => {
      if (o.maxRequests && ++answered === o.maxRequests) instance.stop();
    });
  });
  const failures: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) if (!code.startsWith('2') && s.count) failures[code] = s.count;
  if (result.errors) failures.errors = result.errors;
  if (result.timeouts) failures.timeouts = result.timeouts;
  return {
    rps: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures,
  };
}

export const failureNote = (f: Record<string, number>) =>
  Object.keys(f).length ? `non-2xx/errors: ${Object.entries(f).map(([k, v]) => `${k}×${v}`).join(', ')}` : undefined;
