/**
 * What the emulator assumes where a machine is incomplete: the initial state when no creation is documented (its
 * first state on course), and a course through the states on course in the order the spec lists them
 * (`validating → in_progress → finalizing → completed`), one step per `ASSUMED_STEP_MS`, where no documented time
 * transition leaves that state.
 */
import type { AssumedProgression } from '../../ir/emulation.ts';
import type { StateMachine } from '../../ir/state-machine.ts';

/** Delay of each assumed progression unless the emulator's config says otherwise. */
export const ASSUMED_STEP_MS = 1000;
/** States that end a resource's normal course: assumed progressions never enter them. */
const OFF_COURSE = /fail|error|expir|cancel|delet|incomplete/i;

export function decideAssumptions(machines: readonly StateMachine[]): {
  assumedInitial: Record<string, string>;
  assumedProgressions: AssumedProgression[];
} {
  const assumedInitial: Record<string, string> = {};
  const assumedProgressions: AssumedProgression[] = [];
  for (const m of machines) {
    const course = m.states.filter((s) => !OFF_COURSE.test(s));
    const documentedInitial = m.transitions.find((t) => t.from === null)?.to;
    const initial = documentedInitial ?? course[0] ?? m.states[0];
    if (!documentedInitial && initial) assumedInitial[m.name] = initial;
    if (m.complete || !initial) continue;
    const start = course.indexOf(initial);
    if (start < 0) continue;
    for (let i = start; i + 1 < course.length; i++) {
      const from = course[i]!;
      if (m.transitions.some((t) => t.from === from && t.on.kind === 'time')) break;
      assumedProgressions.push({ machine: m.name, from, to: course[i + 1]!, afterMs: ASSUMED_STEP_MS });
    }
  }
  return { assumedInitial, assumedProgressions };
}
