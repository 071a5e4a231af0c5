import { z } from 'zod';
import { staffReasonSchema } from './staff';

/**
 * Linking a server a host already had on the game panel to a customer here, with a plan, a price
 * and a next renewal date (issue 20 §9, docs/decisions/050-linking-existing-panel-servers.md).
 */
export const unlinkedPanelServerSchema = z.object({
  panelServerId: z.string(),
  identifier: z.string(),
  name: z.string(),
  ownerEmail: z.string().nullable(),
  /** The account here with the panel owner's email, when there is one. */
  customer: z.object({ id: z.string(), email: z.string() }).nullable(),
  /** Our catalog location of its node, when the panel's locations are mapped. */
  location: z.string().nullable(),
  memoryMb: z.number().int(),
  diskMb: z.number().int(),
  cpuPercent: z.number().int(),
  /** "ip:port", or null when the panel gave it no address. */
  address: z.string().nullable(),
  suspended: z.boolean(),
});
export type UnlinkedPanelServer = z.infer<typeof unlinkedPanelServerSchema>;

export const unlinkedPanelServersSchema = z.object({ servers: z.array(unlinkedPanelServerSchema) });
export type UnlinkedPanelServers = z.infer<typeof unlinkedPanelServersSchema>;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

export const linkPanelServerSchema = z.object({
  panelServerId: z.string().trim().min(1, 'Choose a server on the panel').max(100),
  /** The customer here; left out, the account with the panel owner's email. */
  customerId: z.uuid('Choose a customer').optional(),
  planId: z.string().trim().min(1, 'Choose a plan').max(100),
  period: z.string().trim().min(1, 'Choose a billing period').max(50),
  /** Where the server runs; left out, the location the panel's node is mapped to. */
  location: z.string().trim().min(1).max(50).optional(),
  /** What each period costs, in the shop currency's minor unit; left out, the plan's price for the period in the catalog now. */
  priceCents: z
    .number('Enter the price as a number')
    .int("Enter the price as a whole number of the shop currency's minor unit (cents; yen have none)")
    .min(0, 'The price cannot be negative')
    .max(10_000_000, 'The price is too high')
    .optional(),
  /** The first renewal here: a date (renews at midnight UTC) or a full timestamp; must be in the future. */
  renewsAt: z
    .string('Choose the next renewal date')
    .refine((v) => !Number.isNaN(Date.parse(dateOnly.test(v) ? `${v}T00:00:00Z` : v)), 'Enter the next renewal date as YYYY-MM-DD'),
  /** Shown on My Services; left out, the name it has on the panel. */
  serverName: z.string().trim().max(100, 'The server name is too long').optional(),
  reason: staffReasonSchema,
});
export type LinkPanelServerInput = z.infer<typeof linkPanelServerSchema>;

export const linkedPanelServerSchema = z.object({
  serverId: z.string(),
  customerEmail: z.string(),
  planName: z.string(),
  priceCents: z.number().int(),
  renewsAt: z.string(),
});
export type LinkedPanelServer = z.infer<typeof linkedPanelServerSchema>;

/** The simulated panel only: a server the host made there before this shop, owned by an account here. */
export const simExistingServerSchema = z.object({
  ownerEmail: z.email('Enter the owner’s email address'),
  name: z.string().trim().min(1, 'Give the server a name').max(100),
  game: z.string().trim().min(1).max(50),
  location: z.string().trim().min(1).max(50),
  ramGb: z.number().int().min(1).max(256),
});
export type SimExistingServerInput = z.infer<typeof simExistingServerSchema>;
