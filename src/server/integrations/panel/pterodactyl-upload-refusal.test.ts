import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PanelError } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import { createPterodactylFiles } from './pterodactyl-files';

/** A node's refusal of an upload reaches the customer in words, never the node's own answer. */
describe('Pterodactyl upload refusals', () => {
  const http: PanelHttp = {
    request: async <T>() => ({ attributes: { url: 'http://node.invalid/upload/file?token=signed' } }) as T,
    text: async () => '',
  };
  const refusal = async (status: number, body: string) => {
    const files = createPterodactylFiles({
      client: () => http,
      application: http,
      fetchImpl: (async () => new Response(body, { status })) as typeof fetch,
    });
    return files.uploadFile({ panelServerId: '1', identifier: 'abc' }, '', 'world.zip', Readable.from([Buffer.from('data')]), 1024).then(
      () => null,
      (error: unknown) => error as PanelError,
    );
  };

  it("says a file is too large for the node without the node's answer", async () => {
    const error = await refusal(413, '<html>nginx 413 Request Entity Too Large on wings-3.internal</html>');
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ code: 'too_large', message: 'The file is larger than the game panel accepts: upload it with SFTP instead.' });
  });
});
