import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFolderSchema,
  deleteFilesSchema,
  fileContentSchema,
  fileListSchema,
  filePathQuerySchema,
  MAX_EDIT_BYTES,
  renameFileSchema,
  requiredFilePathQuerySchema,
  sftpDetailsSchema,
  sftpPasswordSchema,
  uploadQuerySchema,
  writeFileSchema,
} from '../../../shared/schemas/server-files';
import { requireUser, signedIn } from '../auth';
import {
  createFolder,
  deleteFiles,
  fileDownload,
  listFiles,
  readFileContent,
  renameFile,
  resetSftpPassword,
  sftpDetails,
  uploadFile,
  writeFileContent,
} from './files.service';
import type { ManagementDeps } from './server-access';

const tags = ['servers'];
const params = z.object({ id: z.string().max(64) });
const perUser = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip },
});

/** An attachment name safe in a header: ASCII in filename=, the real one in filename*=. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file manager of a server (files permission): paths are relative to the server's root. */
export function filesRoutes(deps: ManagementDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/servers/:id/files',
      { onRequest: signedIn, schema: { tags, summary: 'A folder of the server, folders first', params, querystring: filePathQuerySchema, response: { 200: fileListSchema } } },
      async (request) => listFiles(deps, requireUser(request).id, request.params.id, request.query.path),
    );

    app.get(
      '/servers/:id/files/contents',
      { onRequest: signedIn, schema: { tags, summary: 'The text of a file (up to 1 MB)', params, querystring: requiredFilePathQuerySchema, response: { 200: fileContentSchema } } },
      async (request) => readFileContent(deps, requireUser(request).id, request.params.id, request.query.path),
    );

    app.put(
      '/servers/:id/files/contents',
      {
        onRequest: signedIn,
        bodyLimit: MAX_EDIT_BYTES * 2,
        config: perUser(60),
        schema: { tags, summary: 'Save a text file (created when missing)', params, body: writeFileSchema },
      },
      async (request, reply) => {
        await writeFileContent(deps, requireUser(request).id, request.params.id, request.body.path, request.body.content);
        return reply.status(204).send();
      },
    );

    app.post(
      '/servers/:id/files/rename',
      { onRequest: signedIn, config: perUser(60), schema: { tags, summary: 'Rename a file or folder in its folder', params, body: renameFileSchema } },
      async (request, reply) => {
        await renameFile(deps, requireUser(request).id, request.params.id, request.body.path, request.body.name);
        return reply.status(204).send();
      },
    );

    app.post(
      '/servers/:id/files/delete',
      { onRequest: signedIn, config: perUser(60), schema: { tags, summary: 'Delete files and folders (with what they hold)', params, body: deleteFilesSchema } },
      async (request, reply) => {
        await deleteFiles(deps, requireUser(request).id, request.params.id, request.body.paths);
        return reply.status(204).send();
      },
    );

    app.post(
      '/servers/:id/files/folders',
      { onRequest: signedIn, config: perUser(60), schema: { tags, summary: 'Create a folder', params, body: createFolderSchema } },
      async (request, reply) => {
        await createFolder(deps, requireUser(request).id, request.params.id, request.body.path, request.body.name);
        return reply.status(204).send();
      },
    );

    // Uploads: the raw body (application/octet-stream) is streamed to the panel, never held in memory.
    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      upload.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
      upload.post(
        '/servers/:id/files/upload',
        {
          onRequest: signedIn,
          config: perUser(30),
          schema: { tags, summary: 'Upload one file (application/octet-stream body, up to 100 MB) into path as name', params, querystring: uploadQuerySchema },
        },
        async (request, reply) => {
          if (request.headers['content-type']?.split(';')[0]?.trim() !== 'application/octet-stream') {
            return reply.status(415).send({ error: { code: 'unsupported_media_type', message: 'Send the file as application/octet-stream.' } });
          }
          const length = Number(request.headers['content-length']);
          await uploadFile(deps, requireUser(request).id, request.params.id, {
            dir: request.query.path,
            name: request.query.name,
            body: request.body as NodeJS.ReadableStream,
            declaredBytes: Number.isFinite(length) ? length : null,
          });
          return reply.status(204).send();
        },
      );
    });

    app.get(
      '/servers/:id/files/download',
      { onRequest: signedIn, schema: { tags, summary: "The file as an attachment, or a redirect to the node's signed URL", params, querystring: requiredFilePathQuerySchema } },
      async (request, reply) => {
        const download = await fileDownload(deps, requireUser(request).id, request.params.id, request.query.path);
        if (download.kind === 'redirect') return reply.redirect(download.url, 302);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(download.sizeBytes))
          .header('content-disposition', disposition(download.fileName))
          .header('cache-control', 'private, no-store')
          .send(createReadStream(download.path));
      },
    );

    app.get(
      '/servers/:id/sftp',
      { onRequest: signedIn, schema: { tags, summary: 'SFTP host, port and username for the signed-in person', params, response: { 200: sftpDetailsSchema } } },
      async (request) => sftpDetails(deps, requireUser(request), request.params.id),
    );

    app.post(
      '/servers/:id/sftp/password',
      { onRequest: signedIn, config: { rateLimit: { max: 5, timeWindow: '10 minutes', keyGenerator: (r: { user: { id: string } | null; ip: string }) => r.user?.id ?? r.ip } }, schema: { tags, summary: 'Set a new random SFTP (panel) password and show it once', params, response: { 200: sftpPasswordSchema } } },
      async (request) => resetSftpPassword(deps, requireUser(request).id, request.params.id),
    );
  };
}
