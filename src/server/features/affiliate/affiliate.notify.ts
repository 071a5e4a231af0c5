import type { EventBus } from '../../lib/events';
import { logActivity, type ActivityText } from '../../lib/activity';
import type { Db } from '../../db/client';
import type { Clock, Ids } from '../../lib/runtime';

export interface NotifyDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  events: EventBus;
  log?: { warn(obj: object, msg?: string): void };
}

/**
 * Tells an affiliate's open dashboards to refetch, and adds a line to their recent activity.
 * Called after the change has committed; a failed activity line is logged, never thrown.
 */
export async function notifyAffiliate(deps: NotifyDeps, userId: string, text: ActivityText, subjectId?: string) {
  deps.events.publish(userId, { topic: 'affiliate', id: subjectId });
  try {
    await logActivity(deps, { userId, kind: 'affiliate', text, subjectId });
  } catch (error) {
    deps.log?.warn({ err: error, userId, subjectId }, 'could not log affiliate activity');
  }
}
