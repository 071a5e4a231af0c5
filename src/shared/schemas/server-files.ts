import { z } from 'zod';

/** Largest upload through the file manager. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Largest file the plain editor opens or saves. */
export const MAX_EDIT_BYTES = 1024 * 1024;
/** A write or upload that would take a server past its plan's disk, refused in these words on either panel (413 disk_full). */
export const DISK_FULL_MESSAGE = "There is not enough disk space left on this server for that: delete some files, or change to a plan with a larger disk.";

/**
 * Why a path inside a server is refused, or null when it is fine. Paths are relative to the
 * server's root ('' is the root, 'config/server.properties' a file): no '..', no absolute paths,
 * no backslashes, no NUL bytes, no percent-encoded separators or dots. Symlinks are checked where
 * the files are (the panel), as only it can see them.
 */
export function pathProblem(path: string): string | null {
  if (path.includes('\0')) return 'File paths cannot contain NUL bytes.';
  if (path.length > 1024) return 'That path is too long.';
  if (/%(?:2e|2f|5c|00)/i.test(path)) return 'File paths cannot contain encoded dots or slashes.';
  if (path.includes('\\')) return 'File paths use forward slashes only.';
  if (path.startsWith('/') || /^[a-z]:/i.test(path) || path.startsWith('~')) {
    return "Absolute paths are not allowed: give the path from the server's root folder.";
  }
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === '..')) return "Paths cannot go above the server's root folder ('..').";
  if (parts.some((p) => p === '.')) return "Paths cannot contain '.' segments.";
  return null;
}

/** The canonical form: segments joined by '/', without empty ones ('' for the root). */
export function normalPath(path: string): string {
  return path.split('/').filter((p) => p !== '').join('/');
}

const pathSchema = z
  .string()
  .max(1024, 'That path is too long.')
  .superRefine((value, ctx) => {
    const problem = pathProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalPath);

/** A file or folder name (no slashes), for rename targets, new folders and uploads. */
export const fileNameSchema = z
  .string('Give a name')
  .min(1, 'Give a name')
  .max(255, 'Names can be at most 255 characters')
  .refine((n) => !n.includes('/') && !n.includes('\\'), 'A name cannot contain slashes')
  .refine((n) => n !== '.' && n !== '..', "A name cannot be '.' or '..'")
  .refine((n) => !n.includes('\0'), 'Names cannot contain NUL bytes')
  .refine((n) => !/%(?:2e|2f|5c|00)/i.test(n), 'Names cannot contain encoded dots or slashes');

export const filePathQuerySchema = z.object({ path: pathSchema.default('') });
export const requiredFilePathQuerySchema = z.object({
  path: pathSchema.refine((p) => p !== '', 'Give the path of a file'),
});

export const fileEntrySchema = z.object({
  name: z.string(),
  /** From the server's root, e.g. 'config/paper.yml'. */
  path: z.string(),
  kind: z.enum(['file', 'folder']),
  sizeBytes: z.number(),
  modifiedAt: z.string(),
  /** True when the plain editor can open it (text, up to 1 MB). */
  editable: z.boolean(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;
export const fileListSchema = z.object({ path: z.string(), entries: z.array(fileEntrySchema) });
export type FileList = z.infer<typeof fileListSchema>;

export const fileContentSchema = z.object({ path: z.string(), content: z.string() });
export type FileContent = z.infer<typeof fileContentSchema>;

export const writeFileSchema = z.object({
  path: pathSchema.refine((p) => p !== '', 'Give the path of a file'),
  content: z.string().refine((c) => new TextEncoder().encode(c).length <= MAX_EDIT_BYTES, 'Files edited here can be at most 1 MB'),
});

export const renameFileSchema = z.object({
  path: pathSchema.refine((p) => p !== '', 'Choose a file or folder'),
  name: fileNameSchema,
});

export const deleteFilesSchema = z.object({
  paths: z
    .array(pathSchema.refine((p) => p !== '', "The server's root folder cannot be deleted"))
    .min(1, 'Choose something to delete')
    .max(100),
});

export const createFolderSchema = z.object({ path: pathSchema, name: fileNameSchema });

export const uploadQuerySchema = z.object({ path: pathSchema.default(''), name: fileNameSchema });

export const sftpDetailsSchema = z.object({
  host: z.string(),
  port: z.number(),
  username: z.string(),
  /** Whether the panel lets the password be reset here (the real panel; the simulator has no SFTP). */
  canResetPassword: z.boolean(),
  /** Which password to use, in words. */
  passwordHint: z.string(),
});
export type SftpDetails = z.infer<typeof sftpDetailsSchema>;
export const sftpPasswordSchema = z.object({ password: z.string() });
