import { softwareForGame, type DraftSoftware } from '../../../shared/catalog-draft';
import { softwareDescriptionIn } from '../../../shared/catalog-texts';
import type { Locale } from '../../../shared/i18n/locales';
import {
  defaultSoftwareOf,
  softwareName,
  softwareSwitchErrors,
  type SoftwareOptions,
  type SoftwareSwitchRequest,
  type SoftwareSwitchView,
} from '../../../shared/schemas/software-switch';
import { eq } from 'drizzle-orm';
import { servers, softwareSwitches, type SoftwareSwitchRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { logActivity, said } from '../../lib/activity';
import { badRequest, HttpError } from '../../lib/errors';
import { manageable, serverConflict, serverFor, moveUnderWay, type ServerAccess, type ServerRow } from '../servers';
import type { SoftwareSwitchDeps } from './software-switch-deps';
import { latestSwitchOf } from './software-switch.repository';

const refuse = (code: keyof typeof softwareSwitchErrors, message: string = softwareSwitchErrors[code], status = 409) => new HttpError(status, code, message);

/** The software id a server runs now: its switched-to one, else its game's default install. */
function currentSoftware(server: ServerRow): { software: string; version: string | null } {
  return { software: server.software ?? defaultSoftwareOf[server.game] ?? 'vanilla', version: server.software ? server.softwareVersion : null };
}

function nameIn(list: DraftSoftware[], id: string): string {
  return list.find((s) => s.id === id)?.name ?? softwareName(id);
}

export function toSwitchView(row: SoftwareSwitchRow, list: DraftSoftware[]): SoftwareSwitchView {
  const from = row.fromSoftware ?? 'vanilla';
  return {
    id: row.id,
    serverId: row.serverId,
    status: row.status,
    step: row.step,
    from: { software: from, name: nameIn(list, from), version: row.fromVersion },
    to: { software: row.toSoftware, name: nameIn(list, row.toSoftware), version: row.toVersion },
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const gb = (n: number) => `${n} GB`;

/** The settings permission lets a subuser change the software; the plan stays the owner's (decision 028). */
async function accessFor(deps: SoftwareSwitchDeps, userId: string, serverId: string): Promise<ServerAccess> {
  return serverFor(deps.db, userId, serverId, 'settings');
}

/** `locale`: the reader's language, which each software's description is in where staff wrote one (decision 077). */
export async function softwareOptions(deps: SoftwareSwitchDeps, userId: string, serverId: string, locale?: Locale): Promise<SoftwareOptions> {
  const access = await accessFor(deps, userId, serverId);
  const { server } = access;
  const { draft } = await deps.catalog.current();
  const all = softwareForGame(draft, server.game, { hidden: true });
  const offered = softwareForGame(draft, server.game);
  const plans = draft.plans.filter((p) => p.game === server.game && !p.hidden).sort((a, b) => a.ramGb - b.ramGb || a.sort - b.sort);
  const current = currentSoftware(server);
  const latest = await latestSwitchOf(deps.db, server.id);
  return {
    current: { software: current.software, name: nameIn(all, current.software), version: current.version },
    planName: server.planName,
    planRamGb: server.ramGb,
    canUpgradePlan: access.role === 'owner',
    options: offered.map((s) => {
      const short = s.recommendedRamGb > server.ramGb;
      const upgrade = short ? plans.find((p) => p.ramGb >= s.recommendedRamGb) : undefined;
      return {
        id: s.id,
        name: s.name,
        description: locale ? softwareDescriptionIn(s, locale) : s.description,
        versions: s.versions,
        recommendedRamGb: s.recommendedRamGb,
        memoryWarning: short
          ? `${s.name} runs best with at least ${gb(s.recommendedRamGb)} of memory; your ${server.planName} plan has ${gb(server.ramGb)}.`
          : null,
        upgradePlan: upgrade ? { id: upgrade.id, name: upgrade.name, ramGb: upgrade.ramGb } : null,
      };
    }),
    latest: latest ? toSwitchView(latest, all) : null,
  };
}

/**
 * Starts a switch: checks the choice against the catalog and the server, records it (one open
 * switch per server, by a unique index), logs it and queues the durable job that runs the steps.
 */
export async function requestSoftwareSwitch(
  deps: SoftwareSwitchDeps,
  userId: string,
  serverId: string,
  input: SoftwareSwitchRequest,
): Promise<SoftwareSwitchView> {
  const { server } = await accessFor(deps, userId, serverId);
  const { draft } = await deps.catalog.current();
  const all = softwareForGame(draft, server.game, { hidden: true });
  const offered = softwareForGame(draft, server.game);
  if (offered.length === 0) throw refuse('no_software', `${server.game === 'minecraft' ? 'Minecraft' : 'This game'}'s servers have no software to choose from.`);
  manageable(server);
  if (await moveUnderWay(deps.db, server.id)) throw serverConflict('server_moving');
  const target = offered.find((s) => s.id === input.software);
  if (!target) throw badRequest('Choose one of the software listed.', { software: 'Choose one of the software listed.' });
  if (!target.versions.includes(input.version)) {
    const message = `${target.name} is offered in ${target.versions.join(', ')}.`;
    throw badRequest(message, { version: message });
  }
  const current = currentSoftware(server);
  if (current.software === target.id && current.version === input.version) {
    throw refuse('same_software', `The server already runs ${target.name} ${input.version}.`, 400);
  }
  if (target.recommendedRamGb > server.ramGb && !input.acceptLowMemory) {
    throw refuse('low_memory', `${target.name} runs best with at least ${gb(target.recommendedRamGb)} of memory; the ${server.planName} plan has ${gb(server.ramGb)}. Upgrade the plan, or confirm to switch anyway.`);
  }
  const now = deps.clock.now();
  const row: typeof softwareSwitches.$inferInsert = {
    id: deps.ids.uuid(),
    serverId: server.id,
    userId,
    status: 'running',
    step: 'backup',
    fromSoftware: server.software,
    fromVersion: server.software ? server.softwareVersion : null,
    toSoftware: target.id,
    toVersion: input.version,
    stepStartedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  let created: SoftwareSwitchRow | undefined;
  try {
    // Under the server's row lock, where a region move claims it: never a reinstall of a server a move (still charging, say) is about to replace.
    created = await deps.db.transaction(async (tx) => {
      await tx.select({ id: servers.id }).from(servers).where(eq(servers.id, server.id)).for('update');
      if (await moveUnderWay(tx, server.id)) throw serverConflict('server_moving');
      const [inserted] = await tx.insert(softwareSwitches).values(row).returning();
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('switch_running');
    throw error;
  }
  if (!created) throw new Error('software switch: the insert returned no row');
  await logActivity(deps, {
    userId: server.userId,
    kind: 'server',
    text: said('activity.software.started', {
      server: server.name,
      from: `${nameIn(all, current.software)}${current.version ? ` ${current.version}` : ''}`,
      to: `${target.name} ${input.version}`,
    }),
    subjectId: server.id,
  });
  deps.events.publish(server.userId, { topic: 'servers', id: server.id });
  await deps.switches.enqueue(created.id);
  return toSwitchView(created, all);
}
