// Time per question and the page's quality signals, kept beside the draft.
//
// A question's time runs while focus is inside its widget and the page is visible (the same
// rule as ActiveClock for the whole unit), so a participant reading the conversation or away
// from the tab adds nothing to any question.
export class QuestionClocks {
  private current: string | null = null;
  private since: number | null = null;
  private visible = true;
  private readonly acc: Record<string, number>;

  constructor(
    stored: Record<string, number> = {},
    private readonly now: () => number = () => Date.now(),
  ) {
    this.acc = { ...stored };
  }

  /** focus moved into a question's widget (its key), or out of every question (null) */
  focus(key: string | null): void {
    if (key === this.current) return;
    this.flush();
    this.current = key;
    this.restart();
  }

  setVisible(visible: boolean): void {
    this.flush();
    this.visible = visible;
    this.restart();
  }

  /** stop counting for good (the answers are being sent) */
  stop(): void {
    this.flush();
    this.current = null;
    this.since = null;
  }

  times(): Record<string, number> {
    const out = { ...this.acc };
    if (this.current && this.since !== null) out[this.current] = (out[this.current] ?? 0) + Math.max(0, this.now() - this.since);
    for (const k of Object.keys(out)) out[k] = Math.round(out[k]!);
    return out;
  }

  private flush(): void {
    if (this.current && this.since !== null) this.acc[this.current] = (this.acc[this.current] ?? 0) + Math.max(0, this.now() - this.since);
    this.since = null;
  }

  private restart(): void {
    this.since = this.current && this.visible ? this.now() : null;
  }
}

export interface Signals {
  pastes: number;
  focusLosses: number;
}

/**
 * Leaving the page counts once per absence: switching tabs fires both window blur and
 * visibilitychange, and the participant left only once.
 */
export class AwayTracker {
  private away = false;

  /** true when this is a new absence (count it) */
  left(): boolean {
    if (this.away) return false;
    this.away = true;
    return true;
  }

  returned(): void {
    this.away = false;
  }
}
