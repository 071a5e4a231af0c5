import { z } from 'zod';
import { softwareVersionSchema } from './admin/catalog';

/** POST /api/servers/:id/software-switch. `acceptLowMemory`: go ahead although the plan has less memory than the software wants. */
export const softwareSwitchRequestSchema = z.object({
  software: z.string().trim().min(1, 'Choose the software.').max(64),
  version: softwareVersionSchema,
  acceptLowMemory: z.boolean().default(false),
});
export type SoftwareSwitchRequest = z.infer<typeof softwareSwitchRequestSchema>;

export const softwareSwitchStatusSchema = z.enum(['running', 'rolling_back', 'succeeded', 'rolled_back', 'failed']);
export type SoftwareSwitchStatusView = z.infer<typeof softwareSwitchStatusSchema>;

const softwareRefSchema = z.object({ software: z.string(), name: z.string(), version: z.string().nullable() });

/** A switch under way or finished, as its progress is shown. */
export const softwareSwitchViewSchema = z.object({
  id: z.string(),
  serverId: z.string(),
  status: softwareSwitchStatusSchema,
  /** The step the job is at (see softwareSwitchProgress). */
  step: z.string(),
  from: softwareRefSchema,
  to: softwareRefSchema,
  /** Why it was rolled back or failed, in words for the customer. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SoftwareSwitchView = z.infer<typeof softwareSwitchViewSchema>;

/** GET /api/servers/:id/software: what the server runs, what it can switch to, and the latest switch. */
export const softwareOptionsSchema = z.object({
  current: softwareRefSchema,
  planName: z.string(),
  planRamGb: z.number(),
  /** Only the owner can change the plan (billing is theirs). */
  canUpgradePlan: z.boolean(),
  options: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      /** Newest first. */
      versions: z.array(z.string()),
      recommendedRamGb: z.number(),
      /** Set when the plan has less memory than the software wants. */
      memoryWarning: z.string().nullable(),
      /** The smallest plan of the game with enough memory, when the current one has too little. */
      upgradePlan: z.object({ id: z.string(), name: z.string(), ramGb: z.number() }).nullable(),
    }),
  ),
  latest: softwareSwitchViewSchema.nullable(),
});
export type SoftwareOptions = z.infer<typeof softwareOptionsSchema>;

export const softwareSwitchErrors = {
  no_software: 'This game has no other software to switch to.',
  same_software: 'The server already runs that software and version.',
  switch_running: 'A software change is already under way on this server.',
  low_memory: 'This software needs more memory than the plan has.',
} as const;

/** The steps shown while a switch runs, in order; a rollback shows its own. */
export const switchForwardSteps = [
  { key: 'backup', label: 'Backing up the server', steps: ['backup', 'backing_up'] },
  { key: 'reinstall', label: 'Installing the new software', steps: ['reinstall', 'installing'] },
  { key: 'check', label: 'Checking the world and configs are kept', steps: ['check'] },
  { key: 'start', label: 'Starting the server', steps: ['start', 'starting'] },
] as const;

export const switchRollbackSteps = [
  { key: 'reinstall_old', label: 'Putting the old software back', steps: ['reinstall_old', 'installing_old'] },
  { key: 'restore', label: 'Restoring the backup', steps: ['restore', 'restoring'] },
  { key: 'start_old', label: 'Starting the server again', steps: ['start_old', 'starting_old'] },
] as const;

export type SwitchStepState = 'done' | 'current' | 'pending';

/** Each shown step's state for a switch at `step`: the forward list, or the rollback list once it rolls back. */
export function softwareSwitchProgress(view: Pick<SoftwareSwitchView, 'status' | 'step'>): { key: string; label: string; state: SwitchStepState }[] {
  const rollingBack = view.status === 'rolling_back' || view.status === 'rolled_back';
  const list = rollingBack ? switchRollbackSteps : switchForwardSteps;
  const finished = view.status === 'succeeded' || view.status === 'rolled_back';
  const at = list.findIndex((s) => (s.steps as readonly string[]).includes(view.step));
  return list.map((s, i) => ({
    key: s.key,
    label: s.label,
    state: finished || (at >= 0 && i < at) ? 'done' : i === at && view.status !== 'failed' ? 'current' : 'pending',
  }));
}

const knownNames: Record<string, string> = { vanilla: 'Vanilla', paper: 'Paper', fabric: 'Fabric', forge: 'Forge' };

/** A software id's name when the catalog is not at hand (the server card): the known ones, else the id capitalised. */
export function softwareName(id: string): string {
  return knownNames[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** What a game's own install (its PANEL_EGGS egg) runs before any switch; games without an entry have no software choice. */
export const defaultSoftwareOf: Record<string, string> = { minecraft: 'vanilla' };

/** What a server runs, for its card: its switched-to software, else its game's default install (version unknown). */
export function serverSoftware(server: { game: string; software: string | null; softwareVersion: string | null }) {
  const id = server.software ?? defaultSoftwareOf[server.game];
  if (!id) return null;
  return { id, name: softwareName(id), version: server.software ? server.softwareVersion : null };
}
