// Copied by platform-api-codegen from its runtime (templates/emulator/clock.ts). Do not edit: every generation replaces it.
/**
 * The emulator's clock: real time plus an offset that tests move forward (`POST /_emulator/clock`), so time-driven
 * progressions (an upload expiring after an hour, a batch cancelled within ten minutes) happen on demand.
 */
export class Clock {
  private offsetMs: number;

  constructor(offsetMs = 0) {
    this.offsetMs = offsetMs;
  }

  /** Milliseconds since the epoch, on the emulator's clock. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Moves the clock forward (time never goes back). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance_ms must be a non-negative number');
    this.offsetMs += ms;
  }
}
