import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../shared/schemas/server-files';
import { PanelError } from './game-panel';
import { panelErrorFrom, type PanelHttp } from './pterodactyl-http';
import { createPterodactylFiles } from './pterodactyl-files';

/** A node's refusal of an upload or a write reaches the customer in words, never the node's own answer. */
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

  // Wings checks each file against its api.upload_limit and answers 400, not 413 (router_server_files.go, postServerUploadFiles).
  it("says a file is too large when Wings refuses it over its upload limit with a 400", async () => {
    const error = await refusal(400, JSON.stringify({ error: 'File world.zip is larger than the maximum file upload size of 100 MB.' }));
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ code: 'too_large', retryable: false, message: 'The file is larger than the game panel accepts: upload it with SFTP instead.' });
  });

  // Wings' answer when a server's disk has no room (router/middleware/request_error.go, ErrCodeDiskSpace).
  const wingsDiskFull = 'There is not enough disk space available to perform that action.';

  it('says the disk is full, in our words, when the node has no room for an upload', async () => {
    const error = await refusal(400, JSON.stringify({ error: wingsDiskFull, request_id: 'e6b1f0d4' }));
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ code: 'disk_full', status: 413, message: DISK_FULL_MESSAGE });
  });

  it("says the disk is full when a write is refused for space (Wings' 400, relayed by the panel)", async () => {
    const relayed: PanelHttp = {
      request: async () => {
        throw new Error('not called');
      },
      text: async () => {
        throw panelErrorFrom(
          400,
          { errors: [{ code: 'DaemonConnectionException', status: '400', detail: `An error occurred on the remote host: ${wingsDiskFull}. (request id: e6b1f0d4)` }] },
          'POST /api/client/servers/abc/files/write',
        );
      },
    };
    const files = createPterodactylFiles({ client: () => relayed, application: relayed });
    await expect(files.writeFile({ panelServerId: '1', identifier: 'abc' }, 'notes.txt', 'hello')).rejects.toMatchObject({
      code: 'disk_full',
      status: 413,
      message: DISK_FULL_MESSAGE,
    });
  });
});
