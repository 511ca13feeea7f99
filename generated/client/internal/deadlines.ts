// Copied by platform-api-codegen from its runtime (templates/client/internal/deadlines.ts). Do not edit: every generation replaces it.
// Internal to this package: not exported from it and not importable from outside it; it may change in any release.
/**
 * Per-attempt timeouts without a timer per request, for requests on Node's own fetch (dispatch-cancel.ts). A
 * `setTimeout` and `clearTimeout` per call cost Node a timer list created and dropped, and the event loop's reference
 * count toggled, every time: a few percent of a call to a local server. Here the attempts with the same timeout share
 * one timer, armed for the earliest of their deadlines; deadlines of one timeout come in the order they are added,
 * so each lane is a queue and its timer never needs moving earlier. The timer does not keep the process alive (it is
 * unref'd): the request's own connection does, as long as the request is in flight.
 */

export interface Deadline {
  /** When `fire` runs (performance.now() time), unless `clearDeadline` comes first. */
  readonly at: number;
  fire: Expiring | undefined;
  readonly lane: Lane;
}

interface Lane {
  readonly ms: number;
  queue: Deadline[];
  /** Index of the first entry not yet expired or skipped. */
  head: number;
  /** Deadlines added and neither fired nor cleared. */
  live: number;
  armed: boolean;
}

const lanes = new Map<number, Lane>();

/** A callback, or an object whose `expire` is called (no closure to make per request). */
export type Expiring = (() => void) | { expire(): void };

/** Runs `fire` once `ms` milliseconds have passed, unless `clearDeadline` is called first. */
export function setDeadline(ms: number, fire: Expiring): Deadline {
  let lane = lanes.get(ms);
  if (lane === undefined) {
    lane = { ms, queue: [], head: 0, live: 0, armed: false };
    lanes.set(ms, lane);
  }
  const deadline: Deadline = { at: performance.now() + ms, fire, lane };
  lane.queue.push(deadline);
  lane.live++;
  if (!lane.armed) arm(lane, ms);
  return deadline;
}

export function clearDeadline(deadline: Deadline): void {
  if (deadline.fire === undefined) return;
  deadline.fire = undefined;
  const lane = deadline.lane;
  if (--lane.live === 0) {
    // Nothing pending: drop the queue; the armed timer finds it empty.
    lane.queue = [];
    lane.head = 0;
  } else if (lane.head > 1024 && lane.head * 2 > lane.queue.length) {
    lane.queue = lane.queue.slice(lane.head);
    lane.head = 0;
  }
}

function arm(lane: Lane, delay: number): void {
  lane.armed = true;
  const timer = setTimeout(() => expire(lane), delay) as unknown as { unref?(): unknown };
  timer.unref?.();
}

function expire(lane: Lane): void {
  lane.armed = false;
  const now = performance.now();
  const due: Expiring[] = [];
  const { queue } = lane;
  let i = lane.head;
  // Entries cleared since are skipped; the first live one not yet due stops the scan.
  for (; i < queue.length; i++) {
    const deadline = queue[i]!;
    if (deadline.fire === undefined) continue;
    if (deadline.at > now) break;
    due.push(deadline.fire);
    deadline.fire = undefined;
    lane.live--;
  }
  lane.head = i;
  if (lane.live > 0) arm(lane, Math.max(1, Math.ceil(queue[i]!.at - now)));
  else {
    lane.queue = [];
    lane.head = 0;
    lanes.delete(lane.ms);
  }
  // Each callback runs even if an earlier one throws; the first error is thrown, as a timer's own would be.
  let failure: { error: unknown } | undefined;
  for (const fire of due) {
    try {
      if (typeof fire === 'function') fire();
      else fire.expire();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
