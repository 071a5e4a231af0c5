import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Discord's Execute Webhook (POST /api/webhooks/{id}/{token}) as its API reference states it
 * (discord/discord-api-docs, docs/resources/webhook.mdx at 0faf8b8723f1): a JSON body needs at least
 * one of content, embeds, components, file or poll; content is at most 2000 characters; the answer
 * is 204 No Content unless `wait=true`. An unknown webhook is a 404 with Discord's error body, an
 * invalid body a 400 with its `code` and `message`. Only the fields this product sends are kept.
 */
export interface DiscordMessage {
  webhookId: string;
  content: string;
  allowedMentions: unknown;
}

export async function startFakeDiscord(options: { webhooks: { id: string; token: string }[] }) {
  const messages: DiscordMessage[] = [];
  let failNext = 0;
  const answer = (res: ServerResponse, status: number, body?: unknown) =>
    body === undefined ? res.writeHead(status).end() : res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://discord.invalid');
      const m = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
      const hook = m ? options.webhooks.find((w) => w.id === m[1]) : undefined;
      if (req.method !== 'POST' || !m) return answer(res, 405, { message: '405: Method Not Allowed', code: 0 });
      if (!hook) return answer(res, 404, { message: 'Unknown Webhook', code: 10015 });
      if (hook.token !== m[2]) return answer(res, 401, { message: 'Invalid Webhook Token', code: 50027 });
      if (failNext > 0) {
        failNext -= 1;
        return answer(res, 429, { message: 'You are being rate limited.', retry_after: 0.5, global: false });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
      }
      const content = typeof body.content === 'string' ? body.content : '';
      if (!content && !body.embeds && !body.components && !body.poll) return answer(res, 400, { message: 'Cannot send an empty message', code: 50006 });
      if (content.length > 2000) {
        return answer(res, 400, { message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } });
      }
      messages.push({ webhookId: hook.id, content, allowedMentions: body.allowed_mentions });
      if (url.searchParams.get('wait') === 'true') return answer(res, 200, { id: String(messages.length), content, webhook_id: hook.id });
      return answer(res, 204);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    messages,
    /** The next `count` deliveries answer 429, as Discord's rate limit does. */
    rateLimitNext(count: number) {
      failNext += count;
    },
    /** A fetch that sends discord.com's webhook addresses here instead. */
    fetch: ((input: string | URL | Request, init?: RequestInit) => {
      const target = new URL(input instanceof Request ? input.url : String(input));
      return fetch(`${base}${target.pathname}${target.search}`, init);
    }) as typeof fetch,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
