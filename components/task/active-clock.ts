// Active time on a unit: counted only while the page is visible, so a participant who leaves
// the tab open over lunch does not record an hour. Resumes from the draft after a refresh.
export class ActiveClock {
  private since: number | null = null;

  constructor(
    private accumulated: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  start(): void {
    this.since ??= this.now();
  }

  stop(): void {
    this.accumulated = this.elapsed();
    this.since = null;
  }

  get running(): boolean {
    return this.since !== null;
  }

  elapsed(): number {
    return Math.max(0, Math.round(this.accumulated + (this.since === null ? 0 : this.now() - this.since)));
  }
}
