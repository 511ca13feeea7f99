/**
 * The emulator's clock: real time plus an offset that tests move forward (`POST /_emulator/clock`), so time-driven
 * progressions (an upload expiring after an hour, a batch cancelled within ten minutes) happen on demand. It stops
 * short of MAX_CLOCK_MS: every timestamp it gives (and an expiry a year later) is a date-time of four-digit years
 * and a safe integer.
 */
export const MAX_CLOCK_MS = Date.UTC(9999, 0, 1);

export class Clock {
  private offsetMs: number;

  constructor(offsetMs = 0) {
    // An offset saved by an older emulator (`--data`) that went further is brought back within the bound.
    this.offsetMs = Number.isFinite(offsetMs) ? Math.min(offsetMs, MAX_CLOCK_MS - Date.now()) : 0;
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

  /** How far the clock may still move forward, in ms. */
  room(): number {
    return Math.max(0, MAX_CLOCK_MS - this.now());
  }

  /** Moves the clock forward (time never goes back), at most `room()`. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance_ms must be a non-negative number');
    if (ms > this.room())
      throw new RangeError(`the clock cannot go past ${new Date(MAX_CLOCK_MS).toISOString()}`);
    this.offsetMs += ms;
  }
}
