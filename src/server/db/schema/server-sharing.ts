import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ServerPermission } from '../../../shared/schemas/server-sharing';
import { users } from './auth';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person the owner shared one server with (a subuser): invited by email, with the permissions
 * granted. `userId` is set when they accept; revoking deletes the row. On Pterodactyl the panel
 * keeps a subuser of its own (`panelSubuserId`), kept in step by the sharing service.
 */
export const serverShares = pgTable(
  'server_shares',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** Lower-cased; the account that accepts must have this address. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<ServerPermission[]>().notNull(),
    /** sha256 of the emailed link's token; cleared once accepted. */
    tokenHash: text('token_hash'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: at('invited_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    panelSubuserId: text('panel_subuser_id'),
    /** The SFTP login the panel gave the subuser's panel account. */
    panelUsername: text('panel_username'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('server_shares_server_email_idx').on(t.serverId, t.email),
    uniqueIndex('server_shares_token_idx').on(t.tokenHash),
    index('server_shares_user_idx').on(t.userId),
    index('server_shares_email_idx').on(t.email),
  ],
);
